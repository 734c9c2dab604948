"""``verify-ask --batch FILE``: run a batch, write each record as it finishes, summarize."""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from typing import Any, TextIO

from verify_ask import interrupts
from verify_ask.batch.source_root import resolve_root
from verify_ask.cli.ask_options import JOBS_WITH_BASE_URL, AskBatchOptions
from verify_ask.cli.environment import Environment
from verify_ask.declaration import declaration
from verify_ask.errors import UsageError
from verify_ask.model.backends.base import Backend
from verify_ask.settings import Settings


@dataclass(frozen=True)
class BatchOptions:
    batch: str
    source: str | None
    resume: str | None
    quiet: bool
    fail_under: float | None
    include_timings: bool
    source_root: str | None = None
    """A line's own ``source`` must resolve inside it; None: the current directory."""
    jobs: int = 1
    """Lines answered at once (``parallelism``)."""


def parallelism(
    jobs: int | None,
    max_requests: int | None,
    *,
    batch: str | None,
    base_url: str | None,
    concurrency: int,
) -> tuple[int, int | None]:
    """Lines in flight and requests in flight: ``--jobs`` (default 8 with --base-url, else 1)
    and ``--max-requests`` (default: --jobs × --concurrency, which is what the lines in
    flight could ask for at most; None for the local model, which sends no requests)."""
    if jobs is not None and batch is None:
        raise UsageError("--jobs goes with --batch FILE")
    if max_requests is not None and not base_url:
        raise UsageError("--max-requests goes with --base-url")
    if jobs is None:
        jobs = JOBS_WITH_BASE_URL if base_url and batch is not None else 1
    declaration(AskBatchOptions, "jobs").check(jobs)
    if jobs > 1 and not base_url:
        # Decoding several questions together locally is the local engine's own business.
        raise UsageError(
            "--jobs above 1 needs --base-url: the local model answers one line at a time"
        )
    if not base_url:
        return jobs, None
    return jobs, max_requests if max_requests is not None else jobs * concurrency


def check_options(options: BatchOptions) -> None:
    """Usage errors, raised before anything is read or loaded."""
    if options.batch == "-" and options.source == "-":
        raise UsageError("standard input can hold the batch or the source, not both")
    declaration(AskBatchOptions, "fail_under").check(options.fail_under)
    resolve_root(options.source_root)


def run_batch(options: BatchOptions, settings: Settings, backend: Backend, env: Environment) -> int:
    """Answer every line; records go to stdout as they finish, in input order."""
    from verify_ask.batch.exit_codes import batch_exit_status
    from verify_ask.batch.lines import open_batch
    from verify_ask.batch.resume import finished_ids
    from verify_ask.batch.runner import Answerer, run
    from verify_ask.batch.sources import SourceCache
    from verify_ask.batch.tally import Tally
    from verify_ask.cli.batch_output import print_summary, progress_for, summary_line

    check_options(options)
    source_root = resolve_root(options.source_root)
    done = finished_ids(options.resume) if options.resume else frozenset()
    lines = open_batch(options.batch, env.stdin)
    answerer = Answerer(
        backend,
        settings,
        sources=SourceCache(stdin=env.stdin),
        include_timings=options.include_timings,
    )
    tally = Tally()
    started = time.perf_counter()
    try:
        with progress_for(lines.total, options.quiet, env) as progress:
            results = run(
                lines.lines,
                answerer,
                default_source=options.source,
                source_root=source_root,
                done=done,
                jobs=options.jobs,
            )
            # Closed at once when the loop ends early (a closed stdout): the lines still in
            # flight are stopped there, not whenever the generator is collected.
            with contextlib.closing(results):
                for result in results:
                    # Written and counted as one step: a Ctrl-C right after the write would
                    # otherwise report a written record as "not processed".
                    # Never half a record: a line can exceed what a pipe writes at once.
                    with interrupts.deferred():
                        if result.record is not None:
                            _write_line(result.record, progress.stdout)
                        tally.add(result)
                    progress.update(tally)
    except KeyboardInterrupt:
        left = None if lines.total is None else lines.total - tally.processed - tally.skipped
        elapsed = time.perf_counter() - started
        line = summary_line(tally, elapsed, interrupted=True, not_processed=left)
        print_summary(line, options.quiet, env.stderr)
        raise  # the CLI boundary reports it and exits 130
    line = summary_line(tally, time.perf_counter() - started)
    print_summary(line, options.quiet, env.stderr)
    return batch_exit_status(tally, fail_under=options.fail_under, allow_abstain=env.abstain_ok)


def _write_line(record: dict[str, Any], stdout: TextIO) -> None:
    stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
    stdout.flush()
