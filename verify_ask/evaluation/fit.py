"""Fitting the fitted decision's weights, and measuring it out of fold.

Each candidate of each record is a row: its named evidence (``verify_ask.decision.confidence``) and
whether it is right by the strict gold rules (a date coarser than the gold is wrong; on an
unanswerable record every candidate is wrong). A logistic model with an L2 penalty is fitted
by Newton's method (numpy only). Out of fold, each design fold's records are scored by a
model fitted on the other folds, folds grouped by article (``split``), so no number below
scores a passage its fit has read. The default ``--min-confidence`` is the lowest
probability at which every dataset's out-of-fold precision, and the abstention on
unanswerable questions, reach their targets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from verify_ask.decision import Judgement, evidence_of
from verify_ask.decision.confidence import Model, Pool, load
from verify_ask.errors import UsageError
from verify_ask.evaluation.dataset import EvalRecord
from verify_ask.evaluation.gold import verdict
from verify_ask.evaluation.metrics import Score
from verify_ask.evaluation.runner import Scored
from verify_ask.evaluation.split import FOLDS, fold_of, in_lockbox
from verify_ask.pipeline import Settings, judge_samples
from verify_ask.text.source import Source

L2 = 1.0
TARGET_PRECISION = 0.95
TARGET_ABSTAIN = 0.95
SWEEP = (0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9)
FEATURES = (
    "hand.accepted", "reader.accepted", "reader.refused", "span.pass", "comparison.pass",
    "vote.share", "rank.share",
)
"""The evidence the shipped model weighs, chosen out of fold on the design records
(``scripts/reader_decision.py``, docs/reader.md): the hand rules' verdict, the reader's
probability split by that verdict (a veto of what the rules accept, a rescue of what they
refuse), whether the span checker grounds the value, the comparison checker, and the
model's votes and ranking. Without the reader it answered less at the same out-of-fold
precision; the reader in place of the hand verdict answers a third as much, since the
unanswerable questions' look-alike figures fool it more often than the rules."""

_BEFORE_READER = ("hand.accepted", "comparison.pass", "vote.share", "rank.share")
MODEL_FEATURES = {
    "qwen2.5-coder-1.5b": _BEFORE_READER,
    "qwen2.5-coder-0.5b": _BEFORE_READER,
}
"""A model's own choice where it differs, out of fold on its design records. The Qwen
models' weights were fitted before the reader and are kept: their rival gap took a negative
weight (for the 1.5B it ranked wrong candidates up fold by fold; for the 0.5B it moved
nothing out of fold), and their reader scores are not weighed yet."""


def features_for(model_name: str | None) -> tuple[str, ...]:
    """The evidence a model's fit weighs: the default model's unless it has its own."""
    return MODEL_FEATURES.get(model_name or "", FEATURES)


@dataclass(frozen=True)
class Row:
    found: dict[str, float]
    right: bool
    coarser: bool
    hard: bool
    display: str


@dataclass(frozen=True)
class Case:
    """One record's candidates as rows, with the record and its design fold."""

    record: EvalRecord
    fold: int
    rows: tuple[Row, ...]


Extra = Callable[[Judgement, Pool], Mapping[str, float]]
"""Evidence under trial: more named features for a candidate, beside what
``confidence.features`` computes, measured out of fold before it joins them."""


def cases(scored: Iterable[Scored], settings: Settings, extra: Extra | None = None) -> list[Case]:
    """Every record's candidates, judged by the hand rules, as feature rows to fit on."""
    scored = list(scored)
    if any(in_lockbox(item.record) for item in scored):
        raise UsageError("the lockbox is never fitted on: pass --part design")
    return rows_to_score(scored, settings, extra)


def rows_to_score(
    scored: Iterable[Scored], settings: Settings, extra: Extra | None = None
) -> list[Case]:
    """The same rows for any records, the lockbox's too: for scoring a model fitted on
    ``cases``, never for fitting."""
    rules = replace(settings, decision="rules")
    found: list[Case] = []
    for item in scored:
        outcome, source = item.outcome, Source(item.record.source)
        judgements = judge_samples(
            outcome.question, source, outcome.samples, rules, outcome.ranking, outcome.greedy
        )
        candidates = tuple(j.candidate for j in judgements)
        pool = Pool(outcome.question, candidates, len(outcome.samples), outcome.greedy,
                    outcome.ranking, source)  # fmt: skip
        rows = []
        for judgement in judgements:
            evidence, hard = evidence_of(judgement, pool)
            if extra is not None:
                evidence |= extra(judgement, pool)
            said = verdict(judgement.candidate.value, item.record) if item.record.answers else ""
            rows.append(Row(evidence, said == "right", said == "coarser", hard is not None,
                            judgement.candidate.value.display()))  # fmt: skip
        found.append(Case(item.record, fold_of(item.record), tuple(rows)))
    return found


def feature_names(all_cases: Sequence[Case]) -> tuple[str, ...]:
    return tuple(sorted({name for case in all_cases for row in case.rows for name in row.found}))


def fit(all_cases: Sequence[Case], names: Sequence[str], l2: float = L2) -> Model:
    """A model fitted on every soft row of these cases (hard rows are never answered)."""
    import numpy as np

    rows = [row for case in all_cases for row in case.rows if not row.hard]
    x = np.array([[row.found.get(n, 0.0) for n in names] for row in rows], dtype=float)
    y = np.array([float(row.right) for row in rows])
    x = np.hstack([np.ones((len(rows), 1)), x])
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[0] = 1e-6  # the intercept is not shrunk
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -50, 50)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty)
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-8:
            break
    weights = {n: float(v) for n, v in zip(names, w[1:], strict=True) if abs(v) > 1e-9}
    return Model(float(w[0]), weights, 0.5, {})


def out_of_fold(
    all_cases: Sequence[Case], names: Sequence[str], l2: float = L2, also: Sequence[Case] = ()
) -> list[list[float]]:
    """Each case's candidate probabilities from a model fitted on the other folds; then the
    same for each case of ``also``, which is never fitted on (more records of the same
    articles), by the model of its fold."""
    scored = [*all_cases, *also]
    scores: list[list[float]] = [[] for _ in scored]
    for fold in range(FOLDS):
        held = [i for i, case in enumerate(scored) if case.fold == fold]
        if not held:
            continue
        model = fit([c for c in all_cases if c.fold != fold], names, l2)
        for i in held:
            scores[i] = [
                0.0 if row.hard else model.probability(row.found) for row in scored[i].rows
            ]
    return scores


def tally(
    all_cases: Sequence[Case], scores: Sequence[Sequence[float]], threshold: float
) -> dict[str, Score]:
    """Per dataset: what the decision at ``threshold`` answers, and how rightly (the eval
    report's ``Score``)."""
    counts: dict[str, list[int]] = {}
    for case, probabilities in zip(all_cases, scores, strict=True):
        best = max(range(len(probabilities)), key=lambda i: probabilities[i], default=None)
        chosen = case.rows[best] if best is not None and probabilities[best] >= threshold else None
        answerable = case.record.answerable
        records, answered, right, unanswerable, abstained, coarser = counts.setdefault(
            case.record.dataset, [0] * 6
        )
        counts[case.record.dataset] = [
            records + 1,
            answered + (chosen is not None),
            right + bool(chosen and chosen.right),
            unanswerable + (not answerable),
            abstained + (not answerable and chosen is None),
            coarser + bool(chosen and chosen.coarser),
        ]
    return {dataset: Score(*numbers) for dataset, numbers in counts.items()}


def row(score: Score) -> dict[str, object]:
    """A fit report's numbers for one dataset."""
    return score.sweep_json() | {
        "coarser": score.coarser,
        "abstained_unanswerable": None if score.abstention is None else round(score.abstention, 4),
    }


def hand_scores(all_cases: Sequence[Case]) -> list[list[float]]:
    """The hand decision as scores: the first accepted candidate scores 1."""
    scores = []
    for case in all_cases:
        accepted = [i for i, row in enumerate(case.rows) if row.found.get("hand.accepted")]
        scores.append([float(i == accepted[0]) if accepted else 0.0 for i in range(len(case.rows))])
    return scores


def meets_targets(scores: dict[str, Score]) -> bool:
    for score in scores.values():
        answerable = score.records - score.unanswerable
        if answerable and score.answered and (score.precision or 0.0) < TARGET_PRECISION:
            return False
        if score.unanswerable and (score.abstention or 0.0) < TARGET_ABSTAIN:
            return False
    return True


def choose_threshold(all_cases: Sequence[Case], scores: Sequence[Sequence[float]]) -> float:
    """The lowest probability at which the out-of-fold numbers meet the targets."""
    for step in range(30, 100):
        threshold = step / 100
        if meets_targets(tally(all_cases, scores, threshold)):
            return threshold
    return 0.99


def ablation(all_cases: Sequence[Case], kept: Sequence[str]) -> dict[str, dict[str, object]]:
    """What each feature is worth out of fold: the numbers without each kept feature and
    with each other one added, each at the threshold its own fit would choose."""
    table: dict[str, dict[str, object]] = {}
    others = [n for n in feature_names(all_cases) if n not in kept]
    variants = [(f"without {n}", [k for k in kept if k != n]) for n in kept]
    variants += [(f"with {n}", [*kept, n]) for n in others]
    variants.append(("with all", [*kept, *others]))
    for label, names in variants:
        threshold, scores = measure(all_cases, names)
        table[label] = {"threshold": threshold} | {k: row(v) for k, v in scores.items()}
    return table


def measure(all_cases: Sequence[Case], names: Sequence[str]) -> tuple[float, dict[str, Score]]:
    """A model over ``names``, out of fold: the threshold its fit chooses, and what it
    answers there, per dataset."""
    scores = out_of_fold(all_cases, names)
    threshold = choose_threshold(all_cases, scores)
    return threshold, tally(all_cases, scores, threshold)


def fit_and_write(
    scored: Sequence[Scored], settings: Settings, path: str, model_name: str | None = None
) -> dict[str, object]:
    """Fit on these (design) records, write the weights to ``path``, and report the
    out-of-fold numbers beside the hand decision's and each feature group's worth.
    ``model_name``, a model known by name other than the default, is written beside them:
    weights belong to the model whose answers they were fitted on."""
    import json
    from pathlib import Path

    all_cases = cases(scored, settings)
    names = list(features_for(model_name))
    oof = out_of_fold(all_cases, names)
    threshold = choose_threshold(all_cases, oof)
    datasets: dict[str, int] = {}
    for case in all_cases:
        datasets[case.record.dataset] = datasets.get(case.record.dataset, 0) + 1
    # The reader's veto is chosen on report-like text, not fitted here: a refit keeps the one
    # of the weights the records were judged with.
    model = replace(
        fit(all_cases, names),
        threshold=threshold,
        reader_veto=load(settings.weights).reader_veto,
        fitted_on={"records": datasets, "folds": FOLDS, "l2": L2,
                   "target_precision": TARGET_PRECISION, "target_abstain": TARGET_ABSTAIN,
                   **({"model": model_name} if model_name else {})},
    )  # fmt: skip
    Path(path).write_text(json.dumps(model.to_json(), indent=1, sort_keys=True) + "\n", "utf-8")
    report: dict[str, object] = {
        "weights": path,
        "threshold": threshold,
        "out_of_fold": {k: row(v) for k, v in tally(all_cases, oof, threshold).items()},
        # What --min-confidence trades, out of fold: coverage against abstention.
        "out_of_fold_by_min_confidence": {
            str(t): {k: row(v) for k, v in tally(all_cases, oof, t).items()}
            for t in SWEEP
        },
        "hand_rules": {k: row(v) for k, v in tally(all_cases, hand_scores(all_cases), 0.5).items()},
        "features": names,
        "ablation": ablation(all_cases, names),
    }
    return report
