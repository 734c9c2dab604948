"""``verify-ask ask``: one question about one source (the default command)."""

from __future__ import annotations

import json
from typing import Any, Optional

import typer
from rich.console import Console

from verify_ask.cli import options
from verify_ask.cli.ask_options import AskBatchOptions, AskOptions
from verify_ask.cli.environment import Environment, environment_of
from verify_ask.errors import UsageError


# --help lists --source first, then the run's options, then how the answers come out.
@options.with_parameters(
    [
        *options.parameters(AskOptions, ("source",)),
        *options.every_option(),
        *options.parameters(AskOptions, ("as_json", "timings")),
        *options.parameters(AskBatchOptions),
    ],
    after="question",
)
def ask(
    ctx: typer.Context,
    question: Optional[str] = typer.Argument(None, help='The question, e.g. "When was X founded?"'),
    **given: Any,
) -> int:
    """Answer QUESTION from the source, printing it only when it is verified."""
    from verify_ask.answer import answer_question
    from verify_ask.cli.batch import BatchOptions, check_options, parallelism, run_batch

    env = environment_of(ctx)
    source, batch, fail_under = given["source"], given["batch"], given["fail_under"]
    _check_usage(question, source, batch, given["resume"], fail_under, given["source_root"])
    jobs, max_requests = parallelism(
        given["jobs"],
        given["max_requests"],
        batch=batch,
        base_url=given["base_url"],
        concurrency=given["concurrency"],
    )
    # In the order the options are declared, not given: giving --pattern before --choices
    # still runs choices first.
    in_order = {p.name: ctx.params[p.name] for p in ctx.command.params if p.name in ctx.params}
    params = {**in_order, "max_requests": max_requests}
    settings = options.settings_from(params)
    if batch is not None:
        asked = BatchOptions(
            batch,
            source,
            given["resume"],
            given["quiet"],
            fail_under,
            given["timings"],
            given["source_root"],
            jobs=jobs,
        )
        check_options(asked)  # usage errors before the model is touched
        return run_batch(asked, settings, options.backend_from(params), env)
    answered = answer_question(
        question,
        source,
        lambda: options.backend_from(params),
        settings,
        stdin=env.stdin,
        include_timings=given["timings"],
    )
    if given["json"]:
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
