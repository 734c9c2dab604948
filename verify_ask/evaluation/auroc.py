"""AUROC by the rank-sum: numpy only, so training imports nothing of the pipeline."""

from __future__ import annotations

from collections.abc import Sequence


def auroc(scores: Sequence[float], labels: Sequence[bool]) -> float:
    """The probability that a right item scores above a wrong one (ties count half), by
    the rank-sum; NaN when either side is empty."""
    import numpy as np

    s, y = np.asarray(scores, float), np.asarray(labels, bool)
    if y.all() or not y.any():
        return float("nan")
    order = np.argsort(s, kind="stable")
    ranks = np.empty(len(s))
    ranks[order] = np.arange(1, len(s) + 1)
    for value in np.unique(s):  # ties share their mean rank
        tied = s == value
        ranks[tied] = ranks[tied].mean()
    n_right, n_wrong = y.sum(), (~y).sum()
    return float((ranks[y].sum() - n_right * (n_right + 1) / 2) / (n_right * n_wrong))
