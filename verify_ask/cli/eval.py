"""``verify-ask eval DATA.jsonl``: greedy, majority, verified (and baseline) scored on data."""

from __future__ import annotations

import json
from typing import Any, Optional

import typer

from verify_ask.cli import options
from verify_ask.cli.environment import Environment, environment_of
from verify_ask.settings import Settings

JUDGED_BY = (
    "samples",
    "temperature",
    "seed",
    "min_agree",
    "min_share",
    "min_relevance",
    "ignore_rules",
    "decision",
    "min_confidence",
    "weights",
)
"""The run-wide settings ``eval`` takes: those that change how records are sampled and
judged."""

_OWN_WORDS = {
    "model": "GGUF model file.",
    "draft": "Draft answer tokens from the source, as ask does.",
    "ignore_rules": "Switch off a span rule (repeatable): what is it worth?",
    "decision": "'fitted' or 'rules'.",
    "weights": "Decision weights file.",
}


@options.with_parameters(
    [
        *options.parameters(options.BackendOptions, ("model", "draft"), _OWN_WORDS),
        *options.parameters(Settings, JUDGED_BY, _OWN_WORDS),
    ],
    after="part",
)
def evaluate(
    ctx: typer.Context,
    data: list[str] = typer.Argument(..., help="JSONL files in the shared/data schema."),
    limit: Optional[int] = typer.Option(None, "--limit", help="Records per file."),
    part: str = typer.Option(
        "all",
        "--part",
        help="Records of 'design' articles (rules and weights are fitted there), of the "
        "'lockbox' (a third of the articles, by a hash of the title, never fitted on), or 'all'.",
    ),
    fit: Optional[str] = typer.Option(
        None,
        "--fit",
        help="Fit the decision's weights on these records (design articles only) and write "
        "them to this file, with out-of-fold numbers.",
    ),
    baseline_model: Optional[str] = typer.Option(
        None, "--baseline-model", help="Another GGUF whose single greedy answer is compared."
    ),
    baseline_url: Optional[str] = typer.Option(
        None, "--baseline-url", help="An OpenAI-compatible server whose greedy answer is compared."
    ),
    baseline_name: Optional[str] = typer.Option(
        None, "--baseline-name", help="Served model name for --baseline-url."
    ),
    per_record: Optional[str] = typer.Option(
        None, "--per-record", help="Write every decision to this JSONL file."
    ),
    resume: bool = typer.Option(
        False, "--resume", help="Keep the records already in --per-record and run the rest."
    ),
    stored_only: bool = typer.Option(
        False,
        "--stored-only",
        help="Judge only the records already in --per-record and run no model (--fit does so).",
    ),
    plot: Optional[str] = typer.Option(
        None, "--plot", help="Draw precision against coverage into this PNG (needs matplotlib)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full report as JSON."),
    reader_scores: Optional[str] = typer.Option(
        None,
        "--reader-scores",
        help="The reader's stored scores (scripts/train_reader.py fit): design records out of "
        "fold, read instead of the shipped reader where the file has them.",
    ),
    **declared: Any,
) -> int:
    """Score greedy, majority@N, verified@N (and a baseline) against gold answers."""
    from verify_ask.errors import UsageError
    from verify_ask.evaluation.chart import write_png
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.report import build_report
    from verify_ask.evaluation.runner import run
    from verify_ask.evaluation.split import PARTS, in_part
    from verify_ask.evaluation.store import PerRecordStore
    from verify_ask.model.backends import create

    env = environment_of(ctx)
    if reader_scores:
        from pathlib import Path

        from verify_ask.reader.reading import use_stored

        use_stored(Path(reader_scores))
    stored_only = stored_only or fit is not None
    if (resume or stored_only) and not per_record:
        flag = "--resume" if resume else "--stored-only and --fit"
        raise UsageError(f"{flag} needs --per-record FILE to read the stored records from")
    if baseline_model and baseline_url:
        raise UsageError("give --baseline-model or --baseline-url, not both")
    if fit and part != "design":
        raise UsageError(f"--fit fits on design articles only: pass --part design, not {part!r}")
    model, draft = declared["model"], declared["draft"]
    settings = options.settings_from(ctx.params, decision="rules" if fit else declared["decision"])
    if part not in PARTS:
        raise UsageError(f"--part must be one of {', '.join(PARTS)}, not {part!r}")
    records = [r for path in data for r in read_records(path) if in_part(r, part)]
    if limit is not None:
        records = _first_of_each_file(records, limit)
    store = (
        PerRecordStore(per_record, settings, resume=resume, read_only=stored_only)
        if per_record
        else None
    )
    done = store.restored(records) if store else []
    finished = {s.record.id for s in done}
    todo = [] if stored_only else [r for r in records if r.id not in finished]
    if stored_only:
        records = [r for r in records if r.id in finished]
    baseline = None
    if baseline_model:
        baseline = create("llama", model=baseline_model)
    elif baseline_url:
        baseline = create("http", base_url=baseline_url, model=baseline_name)
    backend = create("llama", model=model, draft=draft) if todo else None
    with _progress(len(records), len(done), env) as advance:
        try:
            for scored in run(todo, backend, settings, baseline) if backend else ():
                done.append(scored)
                if store:
                    store.append(scored)
                advance()
        finally:
            if store:
                store.close()
    order = {r.id: i for i, r in enumerate(records)}
    done.sort(key=lambda s: order[s.record.id])
    if fit:
        from verify_ask.evaluation.fit import fit_and_write
        from verify_ask.model import catalog

        known = catalog.lookup(model) if model else None
        named = known.name if known is not None and known.name != catalog.DEFAULT else None
        report = fit_and_write(done, settings, fit, named)
        env.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        return 0
    report = build_report(
        done, settings, with_baseline=baseline is not None or any(s.baseline_text for s in done)
    )
    if plot:
        write_png(report, plot)
    if as_json:
        env.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        from rich.console import Console

        from verify_ask.cli.eval_render import render_report

        render_report(report, Console(highlight=False, **env.console_options()))
    return 0


def _first_of_each_file(records: list, limit: int) -> list:
    """The first ``limit`` records of each dataset, in file order."""
    taken: dict[str, int] = {}
    kept = []
    for record in records:
        if taken.get(record.dataset, 0) < limit:
            taken[record.dataset] = taken.get(record.dataset, 0) + 1
            kept.append(record)
    return kept


def _progress(total: int, already: int, env: Environment):  # noqa: ANN202 - a context manager
    """A progress bar on stderr when it is a terminal; nothing otherwise."""
    import contextlib

    if not env.stderr_isatty:
        return contextlib.nullcontext(lambda: None)

    @contextlib.contextmanager
    def bar():
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

        columns = (BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
        console = Console(**env.console_options(stderr=True))
        with Progress(*columns, console=console, transient=True) as progress:
            task = progress.add_task("eval", total=total, completed=already)
            yield lambda: progress.advance(task)

    return bar()
