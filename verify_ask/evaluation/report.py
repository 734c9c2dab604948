"""The eval report: a score per strategy and dataset, and the precision–coverage sweep."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from verify_ask.evaluation.metrics import STRATEGIES, score, strategy_value
from verify_ask.evaluation.runner import Scored, rejudge, with_thresholds
from verify_ask.pipeline import Settings

AGREE_STEPS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
RELEVANCE_STEPS = (0.0, 0.3, 0.5, 0.7, 0.9)


def build_report(done: Sequence[Scored], settings: Settings) -> dict[str, Any]:
    datasets = sorted({s.record.dataset for s in done})
    groups = {name: [s for s in done if s.record.dataset == name] for name in datasets}
    groups["all"] = list(done)
    table: dict[str, dict[str, Any]] = {}
    for name, members in groups.items():
        table[name] = {
            strategy: score([(s, strategy_value(s, strategy)) for s in members]).to_json()
            for strategy in STRATEGIES
        }
        table[name]["cost"] = {
            "samples": settings.samples + 1,
            "tokens": round(sum(s.tokens for s in members) / max(len(members), 1), 1),
            "seconds": round(sum(s.seconds for s in members) / max(len(members), 1), 3),
        }
    return {
        "settings": settings.__dict__ | {"checks": list(settings.checks)},
        "scores": table,
        "sweep": sweep(done, settings),
    }


def sweep(done: Sequence[Scored], settings: Settings) -> list[dict[str, Any]]:
    """Precision and coverage of verified@N for each vote and relevance threshold."""
    points = []
    for agree in AGREE_STEPS:
        for relevance in RELEVANCE_STEPS:
            tuned = with_thresholds(settings, agree, relevance)
            result = score([(s, rejudge(s, tuned)) for s in done])
            points.append({"min_agree": agree, "min_relevance": relevance} | result.to_json())
    return points


def render_report(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(file=sys.stdout, highlight=False)
    table = Table(title="verify-ask eval")
    for column in ("data", "strategy", "accuracy", "coverage", "precision", "abstain (unans.)"):
        table.add_column(column, justify="left" if column in ("data", "strategy") else "right")
    for name, strategies in report["scores"].items():
        for strategy in STRATEGIES:
            row = strategies[strategy]
            abstention = row["abstention_unanswerable"]
            table.add_row(
                name,
                strategy,
                f"{row['accuracy']:.3f}",
                f"{row['coverage']:.3f}",
                f"{row['precision']:.3f}",
                "-" if abstention is None else f"{abstention:.3f}",
            )
    console.print(table)
