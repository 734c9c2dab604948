"""Evidence under trial: which judgement rule refused a candidate, weighed by the fit instead
of obeyed as a veto. Measured out of fold beside the shipped decision; not part of the
product unless docs/eval.md says so.

The shipped decision weighs the hand rules' verdict (``hand.accepted``) with four other
features, so a candidate any span rule refuses is all but never answered. Some rules
guarantee (the figure is not in the source); others judge how well a place answers (the
question's words stand far from the figure, a name or predicate of the question is missing
beside it, a rival stands as well). Those were written for the 270M model's mistakes; a
larger model's samples may earn the benefit of the doubt where the small one's do not. Each
variant adds, for a candidate refused by such a rule (``SOFT``, the rules
``scripts/verifier_rescue.py`` reads), a feature that says so (all five together, or one
per rule), fitted and scored out of fold (five folds grouped by article) at the threshold
its own fit chooses, as ``verify-ask eval --fit`` does:

    python scripts/soft_refusals.py DATA.jsonl... --records docs/records/qwen-design.jsonl \
        --model qwen2.5-coder-1.5b
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from typing import Any

from experiment_table import GROUPS
from verifier_rescue import SOFT

from verify_ask.decision import Judgement


def refused_softly(judgement: Judgement, pool: Any) -> Mapping[str, float]:
    """``refused.soft`` and ``refused.<rule>`` for a candidate a judgement rule refused."""
    del pool
    rule = judgement.rule
    if rule not in SOFT:
        return {}
    return {"refused.soft": 1.0, f"refused.{rule}": 1.0}


def main() -> None:
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.fit import cases, features_for, measure
    from verify_ask.evaluation.split import in_part
    from verify_ask.evaluation.store import stored_records
    from verify_ask.settings import Settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="dataset files")
    parser.add_argument("--records", required=True, action="append", help="stored records")
    parser.add_argument("--model", help="the model the records were sampled with (its features)")
    args = parser.parse_args()
    settings = Settings(decision="rules")
    records = [r for path in args.data for r in read_records(path) if in_part(r, "design")]
    stored = stored_records(args.records, records, settings)
    rows = cases(stored, settings, extra=refused_softly)
    shipped = list(features_for(args.model))
    per_rule = [f"refused.{code}" for code in sorted(SOFT)]
    variants = [
        ("shipped", shipped),
        ("shipped + refused.soft", [*shipped, "refused.soft"]),
        *((f"shipped + {name}", [*shipped, name]) for name in per_rule),
        ("shipped + one per rule", [*shipped, *per_rule]),
        ("shipped + refused.soft + refused.vote_share", [*shipped, "refused.soft",
                                                          "refused.vote_share"]),
    ]  # fmt: skip
    present = {key for key in GROUPS if any(c.record.dataset == key for c in rows)}
    heads = [label for key, label in GROUPS.items() if key in present]
    print("| evidence | threshold | " + " | ".join(heads) + " |")
    print("|---|---:|" + "---:|" * len(heads))
    for label, names in variants:
        threshold, by = measure(rows, names)
        cells = []
        for key in GROUPS:
            if key not in present:
                continue
            score = by.get(key)
            if score is None:
                cells.append("–")
            elif key.endswith(("unanswerable", "removed")):
                cells.append(f"abstained {score.abstention:.3f}")
            else:
                cells.append(f"{score.precision or 0:.3f} at {score.coverage:.3f}")
        print(f"| {label} | {threshold:.2f} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
