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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import stored_records
from verify_ask.settings import Settings
from verify_ask.text.source import Source


def reading_arguments(description: str, part: str, verifier: str) -> argparse.ArgumentParser:
    """The options every verifier experiment takes: data, stored records, readings."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("data", nargs="+")
    parser.add_argument("--per-record", required=True, action="append")
    parser.add_argument("--part", default=part)
    parser.add_argument("--verifier", default=verifier)
    parser.add_argument("--readings", required=True, help="verifier readings (JSONL, resumed)")
    parser.add_argument("--weights", default=None, help="decision weights (default: shipped)")
    parser.add_argument("--stored-only", action="store_true", help="use only kept readings")
    parser.add_argument("--threads", type=int, default=None, help="the verifier's threads")
    return parser


class Readings:
    """The verifier's readings by record, kept in a JSONL file: a record read before, for the
    same answer, is not read again; a missing one is read (the model loaded on first need)
    unless ``stored_only``."""

    def __init__(
        self,
        path: Path,
        model: str,
        threads: int | None,
        stored_only: bool,
        reader: Callable[[Any], Any] | None = None,
    ) -> None:
        """``reader(verifier)``: what ``read`` is given, made from the loaded verifier on
        first need (default: the verifier itself)."""
        self.kept: dict[str, dict] = {}
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    reading = json.loads(line)
                    self.kept[reading["id"]] = reading
        self.path, self.model, self.threads, self.stored_only = path, model, threads, stored_only
        self._reader = reader or (lambda verifier: verifier)
        self._verifier = None

    def of(
        self, record_id: str, answer: str, read: Callable[[Any], Any], **noted: object
    ) -> dict | None:
        """The reading of ``answer`` for the record; ``read(verifier)`` makes a new one, kept
        with ``noted``."""
        reading = self.kept.get(record_id)
        if reading is not None and reading["answer"] == answer:
            return reading
        if self.stored_only:
            return None
        if self._verifier is None:
            from verify_ask.verifier import EvidenceVerifier

            self._verifier = self._reader(EvidenceVerifier(self.model, self.threads))
        found = read(self._verifier)
        found_json = found.to_json() if found else {}
        reading = {"id": record_id, "answer": answer, **noted, **found_json}
        with self.path.open("a", encoding="utf-8") as out:
            out.write(json.dumps(reading, ensure_ascii=False) + "\n")
        self.kept[record_id] = reading
        return reading


def main(argv: list[str] | None = None) -> int:
    parser = reading_arguments(__doc__.split("\n\n")[0], "lockbox", "qwen2.5-coder-1.5b")
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
    readings = Readings(Path(args.readings), args.verifier, args.threads, args.stored_only)
    tally: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for one in scored:
        chosen = one.outcome.chosen
        row = tally[one.record.dataset]
        row["records"] += 1
        if chosen is None:
            continue
        question, source = one.outcome.question, Source(one.record.source)
        reading = readings.of(
            one.record.id,
            chosen.candidate.value.display(),
            lambda verifier: verifier.read(question, source, chosen),  # noqa: B023
        )
        if reading is None:
            continue
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
