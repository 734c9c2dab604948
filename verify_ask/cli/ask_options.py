"""The options of ``ask`` itself, declared as the others are (``verify_ask.declaration``):
where the question's source comes from and how the answer comes out (``AskOptions``), and how
a batch of questions is answered (``AskBatchOptions``).

The run's options (``Settings``), the backend's and the checkers' are declared where they are
read; these are read by ``ask`` and its batches (``verify_ask.cli.batch``), which check
their ranges through these declarations.
"""

from __future__ import annotations

from dataclasses import dataclass

from verify_ask.declaration import option

JOBS_WITH_BASE_URL = 8
"""--jobs with --base-url when not given: enough to keep a serving engine's slots busy
(llama-server -np 4 with the greedy answer and samples as two requests a line), few enough
not to flood a shared one."""


@dataclass(frozen=True)
class AskOptions:
    """Where the question's source comes from, and how the answer comes out."""

    as_json: bool = option(False, "--json", "One JSON object on stdout.")
    timings: bool = option(
        True,
        "--timings/--no-timings",
        "Timings in --json; --no-timings leaves them out, for byte-identical output.",
    )
    source: str | None = option(
        None,
        "--source",
        "The source text; '-' reads standard input (stdin is read only then).",
        short="-s",
        metavar="FILE",
    )


@dataclass(frozen=True)
class AskBatchOptions:
    """How ``--batch`` answers a file of questions."""

    batch: str | None = option(
        None,
        "--batch",
        "The questions, one a line (JSONL or plain text), '-' for standard input; one JSON "
        "record per line on stdout.",
        metavar="FILE",
    )
    source_root: str | None = option(
        None,
        "--source-root",
        "With --batch: a line's own source path must resolve, after symlinks, inside this "
        "directory; '/' allows any file. --source is not confined.",
        metavar="DIR",
        default_in_words="the current directory",
    )
    resume: str | None = option(
        None,
        "--resume",
        "With --batch: skip ids that already have a 'verified' or 'abstained' record in this "
        "JSONL file (append the output to it).",
        metavar="OUT.jsonl",
    )
    fail_under: float | None = option(
        None,
        "--fail-under",
        "With --batch: exit 0 when at least this share of the questions (0-1) is verified, else 1.",
        within=(0, 1),
        metavar="RATE",
    )
    quiet: bool = option(
        False, "--quiet", "With --batch: no progress and no summary on stderr.", short="-q"
    )
    jobs: int | None = option(
        None,
        "--jobs",
        "With --batch: lines answered at once, records still in input order. Above 1 needs "
        "--base-url: the local model is refused with a usage error, as it answers one line at "
        "a time.",
        short="-j",
        show_default=False,
        within=(1, 256),
        metavar="N",
        default_in_words=f"{JOBS_WITH_BASE_URL} with --base-url, else 1",
    )
