"""``verify-ask ask``: one question about one source (the default command)."""

from __future__ import annotations

import json
from typing import Any, Optional

import typer
from rich.console import Console

from verify_ask.cli import options
from verify_ask.cli.environment import Environment, environment_of
from verify_ask.errors import UsageError


@options.with_parameters(options.every_option(), after="source")
def ask(
    ctx: typer.Context,
    question: Optional[str] = typer.Argument(None, help='The question, e.g. "When was X founded?"'),
    source: Optional[str] = typer.Option(
        None, "--source", "-s", help="Source text file; '-' reads standard input."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object on stdout."),
    timings: bool = typer.Option(
        True,
        "--timings/--no-timings",
        help="Include timings in --json (omit for byte-identical output).",
    ),
    batch: Optional[str] = typer.Option(
        None,
        "--batch",
        help="Answer every line of this JSONL (or plain-text) file, '-' for stdin; "
        "one JSON record per line on stdout.",
    ),
    resume: Optional[str] = typer.Option(
        None,
        "--resume",
        help="With --batch: skip ids that already have a verified or abstained record in this "
        "JSONL file (append the output to it).",
    ),
    quiet: bool = typer.Option(
        False, "--quiet", "-q", help="With --batch: no progress and no summary on stderr."
    ),
    fail_under: Optional[float] = typer.Option(
        None,
        "--fail-under",
        help="With --batch: exit 0 when this share of the questions (0-1) is verified, else 1.",
    ),
    jobs: Optional[int] = typer.Option(
        None,
        "--jobs",
        "-j",
        show_default=False,
        help="With --batch: lines answered at once, records still in input order [default: 8 "
        "with --base-url, else 1]. Above 1 needs --base-url: the local model is refused "
        "with a usage error, as it answers one line at a time.",
    ),
    source_root: Optional[str] = typer.Option(
        None,
        "--source-root",
        help="With --batch: a line's own source path must resolve, after symlinks, inside this "
        "directory (default: the current directory); '/' allows any file. --source is not "
        "confined.",
    ),
    **declared: Any,
) -> int:
    """Answer QUESTION from the source, printing it only when it is verified."""
    from verify_ask.answer import answer_question
    from verify_ask.cli.batch import BatchOptions, check_options, parallelism, run_batch

    env = environment_of(ctx)
    _check_usage(question, source, batch, resume, fail_under, source_root)
    jobs, max_requests = parallelism(
        jobs,
        declared["max_requests"],
        batch=batch,
        base_url=declared["base_url"],
        concurrency=declared["concurrency"],
    )
    # In the order the options are declared, not given: giving --pattern before --choices
    # still runs choices first.
    given = {p.name: ctx.params[p.name] for p in ctx.command.params if p.name in ctx.params}
    params = {**given, "max_requests": max_requests}
    settings = options.settings_from(params)
    if batch is not None:
        asked = BatchOptions(
            batch, source, resume, quiet, fail_under, timings, source_root, jobs=jobs
        )
        check_options(asked)  # usage errors before the model is touched
        return run_batch(asked, settings, options.backend_from(params), env)
    answered = answer_question(
        question,
        source,
        lambda: options.backend_from(params),
        settings,
        stdin=env.stdin,
        include_timings=timings,
    )
    if as_json:
        env.stdout.write(json.dumps(answered.record, ensure_ascii=False) + "\n")
    else:
        from verify_ask.cli.render import render_record

        render_record(answered.record, _stdout_console(env))
    return answered.exit_status(allow_abstain=env.abstain_ok)


def _check_usage(
    question: str | None,
    source: str | None,
    batch: str | None,
    resume: str | None,
    fail_under: float | None,
    source_root: str | None,
) -> None:
    """One question with --source, or --batch with the options that go with it."""
    if batch is not None and question is not None:
        raise UsageError("give a QUESTION or --batch FILE, not both")
    if batch is None and (resume is not None or fail_under is not None):
        raise UsageError("--resume and --fail-under go with --batch FILE")
    if batch is None and source_root is not None:
        raise UsageError("--source-root goes with --batch FILE")
    if question is None and batch is None:
        raise UsageError('give a question, e.g. verify-ask "When was X founded?" --source FILE')
    if source is None and batch is None:
        raise UsageError("give the source text with --source FILE (or --source - for stdin)")


def _stdout_console(env: Environment) -> Console:
    # rich drops styling when stdout is not a terminal.
    # Off a terminal, lines are for logs and greps: don't wrap table rows at 80 columns.
    return _PipeConsole(
        highlight=False,
        soft_wrap=True,
        no_color=env.no_color,
        width=None if env.stdout_isatty else 200,
        **env.console_options(),
    )


class _PipeConsole(Console):
    def on_broken_pipe(self) -> None:
        # rich exits with status 1 here, which reads as "abstained" after `| head -1`; the CLI
        # boundary ends a closed stdout quietly with 0, as it does for --json and batches.
        self.quiet = True
        raise BrokenPipeError
