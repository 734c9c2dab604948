"""``verify-ask ask``: one question about one source (the default command)."""

from __future__ import annotations

import json
from typing import Optional

import typer
from rich.console import Console

from verify_ask import defaults
from verify_ask.cli import options
from verify_ask.cli.environment import Environment, environment_of
from verify_ask.errors import UsageError


def ask(
    ctx: typer.Context,
    question: Optional[str] = typer.Argument(None, help='The question, e.g. "When was X founded?"'),
    source: Optional[str] = typer.Option(
        None, "--source", "-s", help="Source text file; '-' reads standard input."
    ),
    model: Optional[str] = options.model(
        "GGUF model file [default: the bundled Gemma 3 270M]; with --base-url, the served "
        "model's name (default: the one the server lists)."
    ),
    base_url: Optional[str] = typer.Option(
        None,
        "--base-url",
        envvar="VERIFY_ASK_BASE_URL",
        help="Sample from an OpenAI-compatible server (llama-server, vLLM, Ollama), "
        "e.g. http://127.0.0.1:8080/v1.",
    ),
    api_key: Optional[str] = typer.Option(
        None,
        "--api-key",
        envvar=["VERIFY_ASK_API_KEY", "OPENAI_API_KEY"],
        show_default=False,
        help="Bearer key for --base-url.",
    ),
    timeout: float = typer.Option(120.0, "--timeout", help="Seconds to wait for the server."),
    retries: int = typer.Option(3, "--retries", help="Retries on connection errors, 429, 5xx."),
    concurrency: int = typer.Option(
        4, "--concurrency", help="Requests in flight to --base-url at once for one question."
    ),
    max_requests: Optional[int] = typer.Option(
        None,
        "--max-requests",
        show_default=False,
        help="Requests in flight to --base-url at once for the whole run, all lines of a "
        "batch together [default: --jobs × --concurrency].",
    ),
    samples: int = options.samples("Samples to draw (besides the greedy answer)."),
    temperature: float = options.temperature("Sampling temperature."),
    seed: int = options.seed("Sample i uses seed + i; same seed, same output."),
    max_tokens: int = typer.Option(32, "--max-tokens", help="Longest answer in tokens."),
    check: Optional[list[str]] = typer.Option(
        None,
        "--check",
        "-c",
        help="Checker to run (repeatable) [default: every built-in that needs no options].",
    ),
    min_agree: float = options.min_agree(options.DECLARED),
    min_share: float = options.min_share(options.DECLARED),
    min_relevance: float = options.min_relevance(options.DECLARED),
    ignore_rule: Optional[list[str]] = options.ignore_rule(options.DECLARED),
    decision: str = options.decision(
        "'fitted': weigh each candidate's named evidence into a probability (shipped "
        "weights); 'rules': every hand rule must pass."
    ),
    min_confidence: Optional[float] = options.min_confidence(
        "Probability a fitted decision needs to answer [default: the weights' own, "
        "chosen for precision 0.95 out of fold]."
    ),
    weights: Optional[str] = options.weights(
        "Decision weights written by `verify-ask eval --fit FILE`."
    ),
    prompt: Optional[str] = typer.Option(
        None,
        "--prompt",
        help="Prompt file with {source} and {question} placeholders, or a built-in: extract, "
        "derive, quote (cites its source; runs the quote checker).",
    ),
    choices: Optional[list[str]] = options.choices(),
    pattern: Optional[str] = options.pattern(),
    check_command: Optional[str] = options.check_command(),
    check_timeout: float = options.check_timeout(),
    quote_threshold: float = options.quote_threshold(),
    check_option: Optional[list[str]] = options.check_option(),
    passages: int = typer.Option(
        defaults.PASSAGES, "--passages", help="Passages the model reads from a long source."
    ),
    max_source_chars: int = typer.Option(
        defaults.MAX_SOURCE_CHARS,
        "--max-source-chars",
        help="Sources longer than this are read by their best passages (BM25).",
    ),
    draft: bool = options.draft(
        "Draft answer tokens from the source and verify them in the local batch."
    ),
    draft_model: Optional[str] = typer.Option(
        None,
        "--draft-model",
        help="A smaller GGUF of the same vocabulary that drafts for --model (implies --draft).",
    ),
    verifier: Optional[str] = options.verifier(),
    full_vocab: bool = typer.Option(
        False,
        "--full-vocab",
        help="Logits over the whole vocabulary, not only the tokens an answer from the "
        "prompt can use (slower; the same greedy answers on the examples).",
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
) -> int:
    """Answer QUESTION from the source, printing it only when it is verified."""
    from verify_ask.answer import answer_question
    from verify_ask.cli.batch import BatchOptions, check_options, parallelism, run_batch

    env = environment_of(ctx)
    _check_usage(question, source, batch, resume, fail_under, source_root)
    jobs, max_requests = parallelism(
        jobs, max_requests, batch=batch, base_url=base_url, concurrency=concurrency
    )
    # In the order the options are declared, not given: giving --pattern before --choices
    # still runs choices first.
    declared = {p.name: ctx.params[p.name] for p in ctx.command.params if p.name in ctx.params}
    params = {**declared, "max_requests": max_requests}
    settings = options.settings_from(params)
    if batch is not None:
        given = BatchOptions(
            batch, source, resume, quiet, fail_under, timings, source_root, jobs=jobs
        )
        check_options(given)  # usage errors before the model is touched
        return run_batch(given, settings, options.backend_from(params), env)
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
