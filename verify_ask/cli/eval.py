"""``verify-ask eval DATA.jsonl``: greedy, majority and verified answers scored on labelled data."""

from __future__ import annotations

import json
import sys
from typing import Optional

import typer

from verify_ask import defaults
from verify_ask.cli.app import app


@app.command("eval")
def evaluate(
    data: list[str] = typer.Argument(..., help="JSONL files in the shared/data schema."),
    limit: Optional[int] = typer.Option(None, "--limit", help="Records per file."),
    model: Optional[str] = typer.Option(None, "--model", "-m", envvar="VERIFY_ASK_MODEL"),
    samples: int = typer.Option(defaults.SAMPLES, "--samples", "-n"),
    temperature: float = typer.Option(defaults.TEMPERATURE, "--temperature", "-t"),
    seed: int = typer.Option(0, "--seed"),
    min_agree: float = typer.Option(defaults.MIN_AGREE, "--min-agree"),
    min_relevance: float = typer.Option(defaults.MIN_RELEVANCE, "--min-relevance"),
    per_record: Optional[str] = typer.Option(
        None, "--per-record", help="Write every decision to this JSONL file."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the full report as JSON."),
) -> int:
    """Score greedy, majority@N and verified@N answers against gold answers."""
    from verify_ask.backends import create
    from verify_ask.evaluation.dataset import read_records
    from verify_ask.evaluation.report import build_report, render_report
    from verify_ask.evaluation.runner import run
    from verify_ask.pipeline import Settings

    settings = Settings(
        samples=samples,
        temperature=temperature,
        seed=seed,
        min_agree=min_agree,
        min_relevance=min_relevance,
    )
    settings.validate()
    backend = create("llama", model=model)
    records = [r for path in data for r in read_records(path, limit)]
    sink = open(per_record, "w", encoding="utf-8") if per_record else None  # noqa: SIM115
    done = []
    try:
        for index, scored in enumerate(run(records, backend, settings), start=1):
            done.append(scored)
            if sink:
                sink.write(json.dumps(scored.to_json(), ensure_ascii=False) + "\n")
                sink.flush()
            print(f"\r{index}/{len(records)}", end="", file=sys.stderr, flush=True)
    finally:
        print(file=sys.stderr)
        if sink:
            sink.close()
    report = build_report(done, settings)
    if as_json:
        sys.stdout.write(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    else:
        render_report(report)
    return 0
