"""A gradient-boosted decision in place of the logistic one: every feature the fitted
decision computes and the refusing rule's id, trees of depth 2 (measured in docs/eval.md,
"A boosted decision"; not part of the product, and scikit-learn is no dependency of it).

    pip install scikit-learn
    python scripts/boosted_decision.py DATA.jsonl... --design D.jsonl --lockbox L.jsonl

Out of fold on the design records (five folds grouped by article, as ``eval --fit``), the
threshold chosen as ``eval --fit`` chooses it (the lowest at which every dataset holds its
targets); then one model fitted on every design record scores the lockbox at that
threshold. The settings (depth 2, 300 rounds, rate 0.05, L2 1.0) were chosen among four
out of fold on design; the lockbox was read once, after.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from verify_ask.decision import Judgement


def refusing_rule(judgement: Judgement, pool: object) -> Mapping[str, float]:
    del pool
    return {f"rule:{judgement.rule}": 1.0}


def main() -> None:
    import numpy as np
    from sklearn.ensemble import HistGradientBoostingClassifier

    import verify_ask.evaluation.fit as fit
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.split import in_part
    from verify_ask.evaluation.store import stored_records
    from verify_ask.settings import Settings

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="dataset files")
    parser.add_argument("--design", required=True, help="design per-record file")
    parser.add_argument("--lockbox", required=True, help="lockbox per-record file")
    args = parser.parse_args()
    settings = Settings(decision="rules")

    def rows_of(part: str, path: str) -> list[fit.Case]:
        records = [r for p in args.data for r in read_records(p) if in_part(r, part)]
        scored = stored_records([path], records, settings)
        rows = fit.cases if part == "design" else fit.rows_to_score  # the lockbox is scored only
        return rows(scored, settings, extra=refusing_rule)

    design, lockbox = rows_of("design", args.design), rows_of("lockbox", args.lockbox)
    names = fit.feature_names(design)

    def matrix(rows: Sequence[fit.Row]) -> np.ndarray:
        return np.array([[row.found.get(n, 0.0) for n in names] for row in rows])

    def trained(cases: Sequence[fit.Case]) -> HistGradientBoostingClassifier:
        rows = [row for case in cases for row in case.rows if not row.hard]
        model = HistGradientBoostingClassifier(
            max_depth=2, max_iter=300, learning_rate=0.05, l2_regularization=1.0
        )
        return model.fit(matrix(rows), np.array([row.right for row in rows]))

    def scores(model: HistGradientBoostingClassifier, case: fit.Case) -> list[float]:
        if not case.rows:
            return []
        found = model.predict_proba(matrix(case.rows))[:, 1]
        return [0.0 if row.hard else float(p) for row, p in zip(case.rows, found, strict=True)]

    oof: list[list[float]] = [[] for _ in design]
    for fold in range(fit.FOLDS):
        model = trained([c for c in design if c.fold != fold])
        for i, case in enumerate(design):
            if case.fold == fold:
                oof[i] = scores(model, case)
    threshold = fit.choose_threshold(design, oof)
    model = trained(design)
    for label, cases, found in (
        ("design, out of fold", design, oof),
        ("lockbox", lockbox, [scores(model, case) for case in lockbox]),
    ):
        print(f"{label} (threshold {threshold:.2f}):")
        for dataset, score in fit.tally(cases, found, threshold).items():
            if score.unanswerable:
                print(f"  {dataset}: abstained {score.abstention:.3f}")
            else:
                print(f"  {dataset}: {score.precision or 0:.3f} at {score.coverage:.3f}")


if __name__ == "__main__":
    main()
