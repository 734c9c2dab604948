"""The precision–coverage picture of each dataset: a text chart for the terminal and a PNG
(matplotlib)."""

from __future__ import annotations

from typing import Any

from verify_ask.errors import UsageError

_WIDTH, _HEIGHT = 50, 12


def points_of(
    report: dict[str, Any], dataset: str
) -> tuple[list[tuple[float, float]], dict[str, tuple]]:
    """The dataset's verified@N frontier, and one point per single-answer strategy."""
    curve = [(p["coverage"], p["precision"]) for p in report["frontier"][dataset]]
    scores = report["scores"][dataset]
    marks = {
        name: (scores[name]["coverage"], scores[name]["precision"])
        for name in ("greedy", "baseline", "verified")
        if name in scores and scores[name]["precision"] is not None  # nothing answered
    }
    return curve, marks


def text_chart(report: dict[str, Any], dataset: str) -> str:
    """Precision (up) against coverage (right) on one dataset: '*' the sweep's frontier,
    letters the strategies (G greedy, B baseline, V verified at the chosen thresholds)."""
    curve, marks = points_of(report, dataset)
    grid = [[" "] * (_WIDTH + 1) for _ in range(_HEIGHT + 1)]

    def put(coverage: float, precision: float, char: str) -> None:
        grid[_HEIGHT - round(precision * _HEIGHT)][round(coverage * _WIDTH)] = char

    for coverage, precision in curve:
        put(coverage, precision, "*")
    for name, (coverage, precision) in marks.items():
        put(coverage, precision, name[0].upper())
    lines = []
    for row, cells in enumerate(grid):
        label = f"{1 - row / _HEIGHT:4.2f}" if row % 3 == 0 else "    "
        lines.append(f"{label} |{''.join(cells)}")
    lines.append("     +" + "-" * (_WIDTH + 1))
    lines.append("      0" + " " * (_WIDTH // 2 - 4) + "coverage" + " " * (_WIDTH // 2 - 5) + "1")
    return "\n".join(lines)


def write_png(report: dict[str, Any], path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise UsageError("--plot needs matplotlib: pip install 'verify-ask[plot]'") from None
    datasets = list(report["sweep"])
    columns = max(len(datasets), 1)  # a run of no records still draws one (empty) panel
    figure, axes = plt.subplots(1, columns, figsize=(6 * columns, 4.5), dpi=120, squeeze=False)
    for dataset, panel in zip(datasets, axes[0], strict=False):
        _draw_dataset(report, dataset, panel)
    figure.suptitle(f"verify-ask eval, {report['records']} records")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _draw_dataset(report: dict[str, Any], dataset: str, axes: Any) -> None:
    curve, marks = points_of(report, dataset)
    if curve:
        xs, ys = zip(*sorted(curve), strict=True)
        axes.plot(xs, ys, "o-", label="verified@N (threshold sweep)", markersize=3)
    styles = {"greedy": "s", "baseline": "^", "verified": "*"}
    for name, (coverage, precision) in marks.items():
        axes.plot([coverage], [precision], styles[name], markersize=10, label=name)
    axes.set_xlabel("coverage (answered ÷ all)")
    axes.set_ylabel("precision (right ÷ answered)")
    axes.set_xlim(0, 1.02)
    axes.set_ylim(0, 1.02)
    axes.grid(alpha=0.3)
    axes.legend(loc="lower left")
    axes.set_title(f"{dataset}, {report['scores'][dataset]['verified']['records']} records")
