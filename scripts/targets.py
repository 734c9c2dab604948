"""The reader's targets, each read from what docs/records/ stores, beside what it is today.

No model runs and nothing is judged here: every number comes from a file another script
writes, so the table is as current as those files.

- ``quality.json``: the lockbox and out-of-fold rows, and seconds a question
  (``scripts/quality_table.py``);
- ``retrieval-design.json``: the gold passage among the passages read on design long sources
  (``scripts/bench_retrieval.py ../shared/data --part design --weights 2 --write ...``);
- ``retrieval-paraphrase.json``: the same for the filing-like PDF's analyst-worded questions
  (``scripts/bench_paraphrase.py --write ...``);
- ``reader-cost.json``: the reader's cost a question (``scripts/bench_reader.py ... --write``);
- the installed size the reader adds: its weights files in the package, and the installed
  ``tokenizers`` and ``safetensors`` distributions.

    python scripts/targets.py
"""

from __future__ import annotations

import json
import sys
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "docs" / "records"
WEIGHTS = ROOT / "verify_ask" / "reader" / "weights"
PASSAGES_READ = "3"  # the default --passages
FUSED = "hybrid 2"  # the shipped fusion: the dense ranking counted twice


def _read(name: str) -> dict:
    path = RECORDS / name
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _answered(row: dict, precision: float, coverage: float) -> tuple[str, bool]:
    p, c = row.get("precision") or 0.0, row["coverage"]
    return f"{p:.3f} at {c:.3f}", p >= precision and c >= coverage


def _abstained(row: dict, share: float) -> tuple[str, bool]:
    a = row["abstention_unanswerable"]
    return f"{a:.3f}", a >= share


def _megabytes() -> float:
    files = sum(p.stat().st_size for p in WEIGHTS.iterdir() if p.is_file())
    for name in ("tokenizers", "safetensors"):
        dist = metadata.distribution(name)
        files += sum(
            located.stat().st_size
            for located in (Path(dist.locate_file(f)) for f in dist.files or ())
            if located.is_file()
        )
    return files / 1e6


def rows() -> list[tuple[str, str, str, bool | None]]:
    """(measure, today, target, met) for every target; met is None where nothing is stored."""
    quality = _read("quality.json").get("rows", {})
    lockbox = {name: row["lockbox"] for name, row in quality.items()}
    found: list[tuple[str, str, str, bool | None]] = []

    def add(measure: str, target: str, reading: tuple[str, bool] | None) -> None:
        today, met = reading if reading is not None else ("not stored", None)
        found.append((measure, today, target, met))

    add("SQuAD precision at coverage", "≥ 0.97 at ≥ 0.75",
        _answered(lockbox["squad_v1.1_dev"], 0.97, 0.75))
    add("SQuAD v2 unanswerable abstained", "≥ 0.97",
        _abstained(lockbox["squad_v2.0_dev_unanswerable"], 0.97))
    add("distractor precision, pooled over the phrasings", "≥ 0.98",
        _answered(lockbox["squad_v1.1_dev_distractor"], 0.98, 0.0))
    for name, label in (("squadshifts_new_wiki", "Wikipedia"), ("squadshifts_amazon", "Amazon")):
        add(f"SQuADShifts {label}", "≥ 0.95 at ≥ 0.65", _answered(lockbox[name], 0.95, 0.65))
    found.append(("SQuADShifts Reddit", "no lockbox article: all are design", "≥ 0.95 at ≥ 0.65",
                  None))
    greedy = quality["tatqa_dev"]["greedy"]["accuracy"]
    add("TAT-QA", f"≥ 0.95 at ≥ {greedy:.3f} (greedy accuracy)",
        _answered(lockbox["tatqa_dev"], 0.95, greedy))
    for name, label in (("retrieval-design.json", "design long sources"),
                        ("retrieval-paraphrase.json", "paraphrased filing questions")):
        recall = _read(name).get("recall", {})
        at = recall.get(FUSED, recall.get("hybrid", {})).get(PASSAGES_READ)
        add(f"gold passage among those read, {label}", "≥ 0.95",
            None if at is None else (f"{at:.3f}", at >= 0.95))
    gaps = {}
    for name, row in quality.items():
        design = row.get("design")
        if not design or not design.get("records"):
            continue
        unanswerable = design.get("abstention_unanswerable") is not None
        key = "abstention_unanswerable" if unanswerable else "precision"
        if design.get(key) is not None and lockbox[name].get(key) is not None:
            gaps[name] = design[key] - lockbox[name][key]
    worst = max(gaps, key=lambda n: abs(gaps[n]))
    add("out of fold against lockbox, largest gap", "within 0.02",
        (f"{gaps[worst]:+.3f} ({worst})", abs(gaps[worst]) <= 0.02))
    bench = _read("reader-cost.json")
    cost = bench.get("mean_ms")
    add("the reader's cost, a question's distinct candidates", "≤ 150 ms",
        None if cost is None else (f"{cost:.0f} ms ({bench.get('cpu')})", cost <= 150))
    seconds = quality["squad_v1.1_dev"]["seconds"]
    add("seconds a question, default, short source", "≤ 1.5", (f"{seconds:.1f}", seconds <= 1.5))
    size = _megabytes()
    add("installed size added by the reader", "≤ 150 MB", (f"{size:.0f} MB", size <= 150))
    return found


def main() -> int:
    print("| measure | today | target | met |\n|---|---:|---:|---|")
    for measure, today, target, met in rows():
        mark = "–" if met is None else ("yes" if met else "no")
        print(f"| {measure} | {today} | {target} | {mark} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
