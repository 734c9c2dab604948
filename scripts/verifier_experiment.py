"""The seeds' pattern measured: stored samples of one model, checked, then each verified
answer's evidence read by a larger model (``verify_ask.verifier``).

Every stored record is judged afresh (no sampling); for each record that verify-ask answers,
the verifier reads the answer's evidence once, and its reading is kept in ``--readings``
(one JSON line per record, resumable), so the numbers can be printed again without the
model. Per dataset: answered and right without the verifier, and with its disagreement
taken as an abstention; unanswerable records count as right when nothing is answered.

    python scripts/verifier_experiment.py DATA.jsonl... --per-record docs/records/X.jsonl \\
        --part lockbox --verifier qwen2.5-coder-1.5b --readings docs/records/X-verifier.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings
from verify_ask.text.source import Source


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+")
    parser.add_argument("--per-record", required=True, action="append")
    parser.add_argument("--part", default="lockbox")
    parser.add_argument("--verifier", default="qwen2.5-coder-1.5b")
    parser.add_argument("--readings", required=True, help="verifier readings (JSONL, resumed)")
    parser.add_argument("--weights", default=None, help="decision weights (default: shipped)")
    parser.add_argument("--stored-only", action="store_true", help="use only kept readings")
    parser.add_argument(
        "--only-in", help="only the records another per-record file holds (the same records)"
    )
    args = parser.parse_args(argv)

    settings = Settings(weights=args.weights)
    settings.validate()
    records = [r for path in args.data for r in read_records(path) if in_part(r, args.part)]
    if args.only_in:
        from verify_ask.evaluation.store import read_stored

        kept_ids = set(read_stored(args.only_in))
        records = [r for r in records if r.id in kept_ids]
    scored = stored_records(args.per_record, records, settings)
    kept: dict[str, dict] = {}
    readings_path = Path(args.readings)
    if readings_path.exists():
        for line in readings_path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                reading = json.loads(line)
                kept[reading["id"]] = reading
    verifier = None
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    with readings_path.open("a", encoding="utf-8") as out:
        for one in scored:
            chosen = one.outcome.chosen
            row = tally[one.record.dataset]
            row["records"] += 1
            if chosen is None:
                continue
            key = chosen.candidate.value.display()
            reading = kept.get(one.record.id)
            if reading is None or reading["answer"] != key:
                if args.stored_only:
                    continue
                if verifier is None:
                    from verify_ask.verifier import EvidenceVerifier

                    verifier = EvidenceVerifier(args.verifier)
                found = verifier.read(one.outcome.question, Source(one.record.source), chosen)
                reading = {"id": one.record.id, "answer": key, **(found.to_json() if found else {})}
                out.write(json.dumps(reading, ensure_ascii=False) + "\n")
                out.flush()
            is_right = right(chosen.candidate.value, one.record)
            row["answered"] += 1
            row["right"] += is_right
            row["seconds"] += reading.get("seconds", 0.0)
            if reading.get("agrees", True):
                row["kept"] += 1
                row["kept_right"] += is_right
            else:
                row["withdrawn_right" if is_right else "withdrawn_wrong"] += 1
    print(
        "dataset | records | without verifier: answered, right, precision | with it: answered, "
        "right, precision | right withdrawn | wrong withdrawn | verifier s per reading"
    )
    for name, row in sorted(tally.items()):
        answerable = not name.endswith(("unanswerable", "removed"))

        def share(right_: float, answered: float) -> str:
            return f"{right_ / answered:.3f}" if answered else "-"

        if answerable:
            answered, kept = row["answered"], row["kept"]
            before = f"{answered:.0f}, {row['right']:.0f}, {share(row['right'], answered)}"
            after = f"{kept:.0f}, {row['kept_right']:.0f}, {share(row['kept_right'], kept)}"
        else:  # abstained share
            n = row["records"]
            before = f"abstained {share(n - row['answered'], n)}"
            after = f"abstained {share(n - row['kept'], n)}"
        per = share(row["seconds"], row["answered"])
        print(
            f"{name} | {row['records']:.0f} | {before} | {after} | "
            f"{row['withdrawn_right']:.0f} | {row['withdrawn_wrong']:.0f} | {per}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
