"""The seeds' experiment on stored records: configurations side by side on the same records.

    python scripts/experiment_table.py DATA.jsonl... --part lockbox \\
        --config "Qwen 1.5B greedy=greedy:docs/records/qwen-lockbox.jsonl" \\
        --config "Gemma, today's default=verified:docs/records/lockbox-shipped.jsonl" \\
        --config "Qwen 1.5B verified=verified:docs/records/qwen-lockbox.jsonl:qwen2.5-coder-1.5b" \\
        --config "Gemma + 1.5B verifier=verified:docs/records/lockbox-shipped.jsonl::R.jsonl"

Each configuration is ``LABEL=STRATEGY:RECORDS[:WEIGHTS[:READINGS]]``: the greedy answer or
the verified one, from a per-record file judged afresh (no model) under the weights named
(a known model's, or a file; default: the shipped ones), and with a verifier's readings
(``scripts/verifier_experiment.py``) taken as withdrawals. Only the records every
configuration holds are counted, so the columns compare like with like. Seconds a question
are the median of the stored sampling seconds (plus the verifier's, where it read).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from verify_ask.evaluation.dataset import read_records
from verify_ask.evaluation.runner import right
from verify_ask.evaluation.split import in_part
from verify_ask.evaluation.store import read_stored, stored_records
from verify_ask.settings import Settings

GROUPS = {
    "squad_v1.1_dev": "SQuAD",
    "squad_v2.0_dev_unanswerable": "unanswerable",
    "tatqa_dev": "TAT-QA",
    "squad_v1.1_dev_distractor": "distractor",
    "squad_v1.1_dev_distractor_removed": "answer removed",
}


def readings_of(path: str | None) -> dict[tuple[str, str], dict]:
    if not path:
        return {}
    found = {}
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.strip():
            reading = json.loads(line)
            found[reading["id"], reading["answer"]] = reading
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+")
    parser.add_argument("--part", default="lockbox")
    parser.add_argument("--config", action="append", required=True)
    args = parser.parse_args()
    records = [r for path in args.data for r in read_records(path) if in_part(r, args.part)]
    configs = []
    for given in args.config:
        label, spec = given.split("=", 1)
        strategy, store, weights, readings = (spec.split(":") + ["", "", ""])[:4]
        configs.append((label, strategy, store, weights or None, readings or None))
    common = set.intersection(*(set(read_stored(store)) for _, _, store, _, _ in configs))
    chosen = [r for r in records if r.id in common]
    print("| configuration | " + " | ".join(GROUPS.values()) + " | s a question |")
    print("|---|" + "---:|" * (len(GROUPS) + 1))
    for label, strategy, store, weights, readings_path in configs:
        settings = Settings(weights=weights)
        settings.validate()
        readings = readings_of(readings_path)
        tally: dict[str, list[int]] = {}
        seconds = []
        missing = 0
        for scored in stored_records([store], chosen, settings):
            value = scored.greedy if strategy == "greedy" else scored.verified
            spent = scored.seconds
            if strategy != "greedy" and readings and value is not None:
                reading = readings.get((scored.record.id, value.display()))
                if reading is None:
                    missing += 1
                else:
                    spent += reading.get("seconds", 0.0)
                    if not reading.get("agrees", True):
                        value = None
            seconds.append(spent)
            counts = tally.setdefault(scored.record.dataset, [0, 0, 0])
            counts[0] += 1
            counts[1] += value is not None
            counts[2] += bool(value is not None and right(value, scored.record))
        cells = []
        for dataset in GROUPS:
            n, answered, right_ = tally.get(dataset, [0, 0, 0])
            if not n:
                cells.append("-")
            elif dataset.endswith(("unanswerable", "removed")):
                cells.append(f"abstained {(n - answered) / n:.3f} of {n}")
            else:
                precision = f"{right_ / answered:.3f}" if answered else "-"
                cells.append(f"{precision} at {answered / n:.3f} of {n}")
        note = f" ({missing} answers unread)" if missing else ""
        median = statistics.median(seconds) if seconds else 0.0
        print(f"| {label}{note} | " + " | ".join(cells) + f" | {median:.1f} |")


if __name__ == "__main__":
    main()
