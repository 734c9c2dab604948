"""Which answers a change moves: every stored design record set judged by today's code, each
record's chosen answer saved, and a later judgement compared with it record by record.

A rule or a word list is written from the design records, so before it lands one wants to
see every answer it moves, right or wrong, on every design set at once: SQuAD, SQuAD v2's
unanswerable questions, TAT-QA, the four distractor phrasings and SQuADShifts with and
without a mimicking sentence (about 4,000 records, 3 minutes on 2 cores; no model runs).
Only design articles are read; the lockbox is judged by ``quality_table.py`` alone.
docs/rules.md ("Adding a rule") cites it.

    python scripts/answer_diff.py ../shared/data --write before.json   # before the change
    python scripts/answer_diff.py ../shared/data --against before.json # after: what moved
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quality_table import DESIGN_UNFITTED, distractor_data, judged  # noqa: E402

PLAIN = ("squad_v1.1_dev", "squad_v2.0_dev_unanswerable_numeric", "tatqa_dev")
SHIFTS = ("squadshifts_new_wiki", "squadshifts_amazon", "squadshifts_reddit")


def _sets(data: Path, folder: Path) -> list[tuple[str, list[Path]]]:
    """Each stored design set with the data files its records come from."""
    shifts = [data / f"{name}.jsonl" for name in SHIFTS]
    distracted = distractor_data([data / "squad_v1.1_dev.jsonl"], folder, (1, 2, 3, 4))
    return [
        ("design.jsonl", [data / f"{name}.jsonl" for name in PLAIN]),
        ("design-squadshifts.jsonl", shifts),
        ("design-squadshifts-distractors.jsonl", distractor_data(shifts[:2], folder, (1,))),
        *((name, [path]) for name, path in
          zip(["design-distractors.jsonl", *DESIGN_UNFITTED], distracted, strict=True)),
    ]  # fmt: skip


def judge(data: Path) -> dict[str, dict[str, object]]:
    """Every design record's chosen answer under the shipped decision, keyed by set and id."""
    from verify_ask.evaluation.runner import right

    answers: dict[str, dict[str, object]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, files in _sets(data, Path(folder)):
            for scored in judged([name], files, "design")[0]:
                value = scored.verified
                answers[f"{name}#{scored.record.id}"] = {
                    "dataset": scored.record.dataset,
                    "question": scored.record.question,
                    "answer": value.display() if value is not None else None,
                    "right": right(value, scored.record),
                }
    return answers


def moved(before: dict, after: dict) -> tuple[list[str], Counter[tuple[str, str]]]:
    """The lines of the records whose answer moved, and per dataset what was gained and
    lost: answers right or wrong, and abstentions on questions with no answer."""
    lines: list[str] = []
    tally: Counter[tuple[str, str]] = Counter()
    for key, now in after.items():
        then = before.get(key)
        if then is None or (then["answer"], then["right"]) == (now["answer"], now["right"]):
            continue
        dataset = str(now["dataset"])
        if then["answer"] is not None:
            tally[dataset, "right lost" if then["right"] else "wrong lost"] += 1
        if now["answer"] is not None:
            tally[dataset, "right gained" if now["right"] else "wrong gained"] += 1
        verdict = "right" if now["right"] else "wrong" if now["answer"] is not None else "abstained"
        lines.append(f"{dataset} | {now['question']} | {then['answer']} -> {now['answer']}"
                     f" ({verdict})")  # fmt: skip
    return lines, tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", type=Path, help="the shared/data folder")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--write", type=Path, metavar="FILE", help="save today's answers")
    action.add_argument("--against", type=Path, metavar="FILE", help="compare with saved ones")
    args = parser.parse_args(argv)
    answers = judge(args.data)
    if args.write:
        args.write.write_text(json.dumps(answers, ensure_ascii=False), "utf-8")
        print(f"{len(answers)} design records judged, written to {args.write}")
        return 0
    lines, tally = moved(json.loads(args.against.read_text("utf-8")), answers)
    print("\n".join(lines) if lines else f"no answer moved ({len(answers)} design records)")
    for (dataset, what), count in sorted(tally.items()):
        print(f"{dataset}: {count} {what}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
