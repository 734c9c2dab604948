"""Rendering the eval report on the terminal: the score table and a text chart per dataset."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from verify_ask.evaluation.chart import text_chart
from verify_ask.evaluation.losses import OUTCOMES

_SCORE_COLUMNS = (
    "data",
    "strategy",
    "accuracy",
    "coverage",
    "precision",
    "coarser",
    "abstain (unans.)",
)


def render_report(report: dict[str, Any], console: Console) -> None:
    table = Table(
        title=f"verify-ask eval ({report['records']} records)",
        caption="coarser: answers wrong only for being coarser than a gold date (a year for a "
        "full date)",
    )
    for column in _SCORE_COLUMNS:
        table.add_column(column, justify="left" if column in ("data", "strategy") else "right")
    for name, rows in report["scores"].items():
        for strategy in report["strategies"]:
            row = rows[strategy]
            abstention = row["abstention_unanswerable"]
            table.add_row(
                name,
                strategy,
                f"{row['accuracy']:.3f}",
                f"{row['coverage']:.3f}",
                "-" if row["precision"] is None else f"{row['precision']:.3f}",
                str(row["coarser"]),
                "-" if abstention is None else f"{abstention:.3f}",
            )
        table.add_section()
    console.print(table)
    if report.get("answerable_outcomes"):
        console.print(_outcome_table(report["answerable_outcomes"]))
    for name, rows in report["scores"].items():
        cost = rows["cost"]
        console.print(
            f"{name}: {cost['samples']} samples, {cost['tokens']} tokens and "
            f"{cost['seconds']} s per question"
        )
    for dataset in report["sweep"]:
        console.print()
        console.print(
            f"{dataset}: precision against coverage (* threshold sweep, G greedy, B baseline, "
            "V verified at the chosen thresholds):"
        )
        console.print(text_chart(report, dataset), highlight=False)


def _outcome_table(outcomes: dict[str, dict[str, int]]) -> Table:
    """Where verified@N's answerable records went (``verify_ask.evaluation.losses``)."""
    table = Table(
        title="answerable records under verified: answered, or why not",
        caption=(
            "unsampled: no sample or ranked figure was right; ungrounded, unbacked, other: a "
            "right value was refused for grounding (span, arithmetic), for support (vote, "
            "rank), or for its kind or another checker"
        ),
    )
    table.add_column("data")
    for outcome in OUTCOMES:
        table.add_column(outcome, justify="right")
    for name, counts in outcomes.items():
        table.add_row(name, *(str(counts[outcome]) for outcome in OUTCOMES))
    return table
