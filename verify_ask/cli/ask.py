"""``verify-ask ask``: one question about one source (the default command)."""

from __future__ import annotations

import json
import os
import sys
from typing import Optional

import typer
from rich.console import Console

from verify_ask import defaults
from verify_ask.cli.app import app
from verify_ask.errors import ExitStatus, UsageError


@app.command()
def ask(
    question: Optional[str] = typer.Argument(None, help='The question, e.g. "When was X founded?"'),
    source: Optional[str] = typer.Option(
        None, "--source", "-s", help="Source text file; '-' reads standard input."
    ),
    model: Optional[str] = typer.Option(
        None,
        "--model",
        "-m",
        envvar="VERIFY_ASK_MODEL",
        help="GGUF model file [default: the bundled Gemma 3 270M].",
    ),
    samples: int = typer.Option(
        10, "--samples", "-n", help="Samples to draw (besides the greedy answer)."
    ),
    temperature: float = typer.Option(
        defaults.TEMPERATURE, "--temperature", "-t", help="Sampling temperature."
    ),
    seed: int = typer.Option(0, "--seed", help="Sample i uses seed + i; same seed, same output."),
    max_tokens: int = typer.Option(32, "--max-tokens", help="Longest answer in tokens."),
    check: Optional[list[str]] = typer.Option(
        None, "--check", "-c", help="Checker to run (repeatable) [default: span, arithmetic, vote]."
    ),
    min_agree: float = typer.Option(
        defaults.MIN_AGREE, "--min-agree", help="Vote share the answer needs."
    ),
    min_relevance: float = typer.Option(
        0.5,
        "--min-relevance",
        help="Share of the question's terms the evidence sentence must hold.",
    ),
    prompt: Optional[str] = typer.Option(
        None, "--prompt", help="Prompt file with {source} and {question} placeholders."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    timings: bool = typer.Option(
        True,
        "--timings/--no-timings",
        help="Include timings in --json (omit for byte-identical output).",
    ),
) -> int:
    """Answer QUESTION from the source, printing it only when it is verified."""
    from verify_ask.backends import create
    from verify_ask.pipeline import DEFAULT_CHECKS, Settings
    from verify_ask.pipeline import ask as run_pipeline
    from verify_ask.record import outcome_record
    from verify_ask.source import read_source

    if question is None:
        raise UsageError('give a question, e.g. verify-ask "When was X founded?" --source FILE')
    if source is None:
        raise UsageError("give the source text with --source FILE (or --source - for stdin)")
    settings = Settings(
        samples=samples,
        temperature=temperature,
        seed=seed,
        max_tokens=max_tokens,
        checks=tuple(check) if check else DEFAULT_CHECKS,
        min_agree=min_agree,
        min_relevance=min_relevance,
        prompt=prompt,
    )
    settings.validate()
    from verify_ask.question import analyze_question

    analyze_question(question)  # an empty question fails before the model loads
    text = read_source(source)
    backend = create("llama", model=model)
    outcome = run_pipeline(question, text, backend, settings)
    label = source if source != "-" else "<stdin>"
    record = outcome_record(
        outcome, settings, backend.describe(), source_label=label, include_timings=timings
    )
    if as_json:
        sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    else:
        from verify_ask.cli.render import render_record

        render_record(record, _stdout_console())
    return ExitStatus.VERIFIED if outcome.status == "verified" else ExitStatus.ABSTAINED


def _stdout_console() -> Console:
    # rich already honours NO_COLOR and drops styling when stdout is not a terminal.
    return Console(
        file=sys.stdout, highlight=False, soft_wrap=True, no_color="NO_COLOR" in os.environ
    )
