"""The eval report: a score per strategy and dataset, cost, and the precision–coverage sweep
per dataset."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from verify_ask.evaluation.losses import where_answers_went
from verify_ask.evaluation.metrics import score
from verify_ask.evaluation.runner import STRATEGIES, Scored, rejudge, with_thresholds
from verify_ask.pipeline import Settings
from verify_ask.text.source import Source
from verify_ask.values import Value

CONFIDENCE_STEPS = tuple(step / 100 for step in range(20, 100, 5))
AGREE_STEPS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
RELEVANCE_STEPS = (0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8)


def build_report(
    done: Sequence[Scored], settings: Settings, *, with_baseline: bool = False
) -> dict[str, Any]:
    strategies = [s for s in STRATEGIES if s != "baseline" or with_baseline]
    datasets = sorted({s.record.dataset for s in done})
    groups = {name: [s for s in done if s.record.dataset == name] for name in datasets}
    if len(groups) > 1:
        groups["all"] = list(done)
    scores: dict[str, dict[str, Any]] = {}
    for name, members in groups.items():
        count = max(len(members), 1)
        scores[name] = {
            strategy: score([(s, s.answer(strategy)) for s in members]).to_json()
            for strategy in strategies
        }
        scores[name]["cost"] = {
            "samples": settings.samples + 1,
            "tokens": round(sum(s.tokens for s in members) / count, 1),
            "seconds": round(sum(s.seconds for s in members) / count, 3),
        }
    outcomes = {name: where_answers_went(members) for name, members in groups.items()}
    points = confidence_sweep(done) if settings.decision == "fitted" else sweep(done, settings)
    return {
        "records": len(done),
        "settings": {
            "samples": settings.samples,
            "temperature": settings.temperature,
            "seed": settings.seed,
            "min_agree": settings.min_agree,
            "min_share": settings.min_share,
            "min_relevance": settings.min_relevance,
            "decision": settings.decision,
            "min_confidence": settings.min_confidence,
            "checks": list(settings.checker_names()),
        },
        "strategies": strategies,
        "scores": scores,
        "answerable_outcomes": {name: counts for name, counts in outcomes.items() if counts},
        "sweep": points,
        "frontier": {name: frontier(rows) for name, rows in points.items()},
    }


def sweep(done: Sequence[Scored], settings: Settings) -> dict[str, list[dict[str, Any]]]:
    """Precision and coverage of verified@N for each support and relevance threshold, per
    dataset (a pooled sweep would let one dataset's many records hide another's).

    The vote share and the ranking share move together: both say how strongly the model
    backs an answer, and either suffices (``decision.judge``).
    """
    grid = [(agree, relevance) for agree in AGREE_STEPS for relevance in RELEVANCE_STEPS]
    tuned = [with_thresholds(settings, agree, relevance) for agree, relevance in grid]
    answers: list[list[tuple[Scored, Value | None]]] = [[] for _ in grid]
    # Record by record: a source is read and indexed once for every threshold (it was once
    # per threshold and record, 2 min 12 s for 252 TAT-QA records).
    for scored in done:
        source = Source(scored.record.source)
        for found, thresholds in zip(answers, tuned, strict=True):
            found.append((scored, rejudge(scored, thresholds, source)))
    datasets = sorted({s.record.dataset for s in done})
    return {name: _sweep_rows(grid, answers, name) for name in datasets}


def confidence_sweep(done: Sequence[Scored]) -> dict[str, list[dict[str, Any]]]:
    """Precision and coverage of the fitted decision at each ``--min-confidence``, per
    dataset: the answer at a threshold is the surest candidate that reaches it, read off the
    probabilities the run already gave (no re-judging)."""
    datasets = sorted({s.record.dataset for s in done})
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in datasets}
    for threshold in CONFIDENCE_STEPS:
        found = [(scored, _surest(scored, threshold)) for scored in done]
        for name in datasets:
            members = [(s, value) for s, value in found if s.record.dataset == name]
            rows[name].append({"min_confidence": threshold} | score(members).sweep_json())
    return rows


def _surest(scored: Scored, threshold: float) -> Value | None:
    judged = [j for j in scored.outcome.judgements if (j.confidence or 0.0) >= threshold]
    best = max(judged, key=lambda j: j.confidence or 0.0, default=None)
    return best.candidate.value if best is not None else None


def _sweep_rows(
    grid: Sequence[tuple[float, float]],
    answers: Sequence[Sequence[tuple[Scored, Value | None]]],
    dataset: str,
) -> list[dict[str, Any]]:
    """One row per threshold pair: the thresholds, then ``Score.sweep_json``'s counts."""
    rows = []
    for (agree, relevance), found in zip(grid, answers, strict=True):
        thresholds = {"min_agree": agree, "min_share": agree, "min_relevance": relevance}
        members = [(scored, value) for scored, value in found if scored.record.dataset == dataset]
        rows.append(thresholds | score(members).sweep_json())
    return rows


def frontier(points: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sweep points no other point beats on both precision and coverage."""
    best: list[dict[str, Any]] = []
    answered = [point for point in points if point["answered"]]
    for point in sorted(answered, key=lambda p: (-p["coverage"], -p["precision"])):
        if all(point["precision"] > b["precision"] for b in best):
            best.append(point)
    return best
