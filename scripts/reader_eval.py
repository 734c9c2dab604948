"""How well the reader alone tells the right figure from the wrong ones (docs/reader.md).

Every figure of each record's source is a candidate, scored by the reader, labelled right
or wrong by the strict gold rules (``verify_ask.evaluation.gold``). Printed per dataset and
part: AUROC of right against wrong figures on answerable records, how often the reader's
top figure is right, and on unanswerable records how often every figure scores under 0.5.

    python scripts/reader_eval.py ../shared/data/squad_v1.1_dev.jsonl --part lockbox
    python scripts/reader_eval.py FILES --stored docs/records/reader-scores.npz

With ``--stored``, scores come from the file ``scripts/train_reader.py fit`` wrote: design
records scored out of fold, lockbox records by the shipped model (the numpy runtime gives
the same within 5e-4). Without it, the shipped model reads every figure (slow: a second or
so a record).
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np

from verify_ask.evaluation.auroc import auroc
from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.gold import verdict
from verify_ask.evaluation.split import PARTS, in_part
from verify_ask.reader.reading import read, use_stored
from verify_ask.text.source import Source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--part", choices=PARTS, default="lockbox")
    parser.add_argument("--stored", type=Path, help="scores written by train_reader.py fit")
    parser.add_argument("--limit", type=int)
    args = parser.parse_args(argv)
    use_stored(args.stored)
    by_set: dict[str, dict[str, list]] = defaultdict(lambda: defaultdict(list))
    for path in args.data:
        for record in read_records(str(path), args.limit):
            if not in_part(record, args.part):
                continue
            source = Source(record.source)
            mentions = [m for m in source.mentions if m.value.kind == record.kind
                        or record.kind == "number"]
            if not mentions:
                continue
            scores = read(record.question, source, [(m.start, m.end) for m in mentions])
            found = by_set[record.dataset]
            if record.answers:
                labels = [verdict(m.value, record) == "right" for m in mentions]
                found["scores"] += scores
                found["labels"] += labels
                found["top"].append(labels[int(np.argmax(scores))])
                found["any"].append(any(labels))
            else:
                found["quiet"].append(max(scores) < 0.5)
    print(f"part {args.part}; reader scores {'stored' if args.stored else 'live'}")
    for name, found in sorted(by_set.items()):
        if found["labels"]:
            reachable = sum(found["any"])
            top = sum(t for t, a in zip(found["top"], found["any"], strict=True) if a)
            print(f"{name}: AUROC {auroc(found['scores'], found['labels']):.3f} over "
                  f"{len(found['labels'])} figures; top figure right {top} of {reachable} "
                  f"records whose source writes the answer ({top / max(reachable, 1):.3f})")
        if found["quiet"]:
            quiet = found["quiet"]
            print(f"{name}: every figure under 0.5 on {sum(quiet)} of {len(quiet)} "
                  f"unanswerable records ({sum(quiet) / len(quiet):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
