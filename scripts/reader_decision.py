"""The fitted decision with the reader: which evidence to weigh, measured out of fold and on
the lockbox (docs/reader.md).

Every stored record is judged once (no model runs); then each feature set is fitted out of
fold on the design records, its threshold chosen as ``verify-ask eval --fit`` chooses it
(every dataset at precision 0.95 and abstention 0.95 out of fold), and the model fitted on
every design record is read on the lockbox at that threshold. Design records read the
reader's out-of-fold scores, lockbox records the shipped reader's.

    python scripts/reader_decision.py DATA... --design D.jsonl... --lockbox L.jsonl...
    python scripts/reader_decision.py ... --ignore-rules             # each span rule off
    python scripts/reader_decision.py ... --ignore-rules S011 S218   # these rules only

``--ignore-rules`` measures what each rule of the span checker adds beyond the reader: the
chosen feature set refitted with one rule off at a time. Several record files may be given
to ``--design`` and ``--lockbox``; they must hold different records.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.fit import (
    FEATURES,
    choose_threshold,
    fit,
    out_of_fold,
    rows_to_score,
    tally,
)
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import PerRecordStore
from verify_ask.reader.reading import use_stored
from verify_ask.settings import Settings

BEFORE = ("hand.accepted", "span.rival_gap", "comparison.pass", "vote.share", "rank.share")
VARIANTS = {
    "before the reader": BEFORE,
    "before + reader.score": (*BEFORE, "reader.score"),
    "reader, no hand verdict": ("reader.score", "span.pass", "span.rival_gap",
                                "comparison.pass", "vote.share", "rank.share"),
    "hand verdict x reader": ("hand.accepted", "reader.accepted", "reader.refused",
                              "span.rival_gap", "comparison.pass", "vote.share", "rank.share"),
    "hand verdict x reader, terms": ("hand.accepted", "reader.accepted", "reader.refused",
                                     "span.rival_gap", "comparison.pass", "vote.share",
                                     "rank.share", "question.terms_absent",
                                     "span.sentence_terms"),
    "shipped": FEATURES,
    "shipped + sure rescue x votes": (*FEATURES, "rescue.votes"),
    "shipped + sure rescue": (*FEATURES, "rescue.sure"),
}
DERIVED = {
    # Whether a sure reading backed by the votes may rescue what the hand rules refuse.
    "rescue.votes": lambda f: f.get("reader.refused", 0.0) * f.get("vote.share", 0.0),
    "rescue.sure": lambda f: float(f.get("reader.refused", 0.0) >= 0.95),
}


def _cases(records_paths: list[Path], data: list[Path], part: str, settings: Settings):
    records = [r for p in data for r in read_records(str(p)) if in_part(r, part)]
    restored = []
    for path in records_paths:
        store = PerRecordStore(str(path), settings, resume=False, read_only=True)
        restored += store.restored(records)
    cases = rows_to_score(restored, settings)
    for row in (row for case in cases for row in case.rows):
        row.found.update({name: derive(row.found) for name, derive in DERIVED.items()})
    return cases


def _line(scores) -> str:
    parts = []
    for name, s in sorted(scores.items()):
        short = name.replace("squad_v1.1_dev", "squad").replace("squad_v2.0_dev_", "")
        if s.unanswerable:
            parts.append(f"{short} abst {s.abstention:.3f}")
        else:
            parts.append(f"{short} {s.precision or 0:.3f}@{s.coverage:.3f}")
    return "; ".join(parts)


def measure(design, lockbox, names) -> tuple[str, str, float]:
    oof = out_of_fold(design, names)
    threshold = choose_threshold(design, oof)
    model = fit(design, names)
    scores = [[0.0 if r.hard else model.probability(r.found) for r in c.rows] for c in lockbox]
    return _line(tally(design, oof, threshold)), _line(tally(lockbox, scores, threshold)), threshold


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", type=Path)
    parser.add_argument("--design", type=Path, nargs="+", required=True,
                        help="stored design records")
    parser.add_argument("--lockbox", type=Path, nargs="+", required=True,
                        help="stored lockbox records")
    parser.add_argument("--reader-scores", type=Path,
                        default=Path("docs/records/reader-scores.npz"))
    parser.add_argument("--ignore-rules", nargs="*", metavar="ID",
                        help="switch off each rule in turn (these, or every one)")
    args = parser.parse_args(argv)
    use_stored(args.reader_scores)
    settings = Settings()
    design = _cases(args.design, args.data, "design", settings)
    lockbox = _cases(args.lockbox, args.data, "lockbox", settings)
    for label, names in VARIANTS.items():
        inside, outside, threshold = measure(design, lockbox, names)
        print(f"{label} (threshold {threshold:.2f})\n  out of fold: {inside}\n"
              f"  lockbox:     {outside}")
    if args.ignore_rules is not None:
        from verify_ask.rules import all_rules

        for rule in all_rules():
            if rule.hard or (args.ignore_rules and rule.id not in args.ignore_rules):
                continue
            ignoring = replace(settings, ignore_rules=(rule.id,))
            d = _cases(args.design, args.data, "design", ignoring)
            lb = _cases(args.lockbox, args.data, "lockbox", ignoring)
            inside, outside, threshold = measure(d, lb, FEATURES)
            print(f"without {rule.id} {rule.name} ({threshold:.2f})\n  out of fold: {inside}"
                  f"\n  lockbox:     {outside}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
