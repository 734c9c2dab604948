"""What a batch shows on stderr: live progress on a terminal, else only a final summary line."""

from __future__ import annotations

from types import TracebackType
from typing import TextIO

from rich.console import Console
from rich.file_proxy import FileProxy
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    ProgressColumn,
    SpinnerColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as RichProgress
from rich.text import Text

from verify_ask.batch.tally import Tally
from verify_ask.cli.environment import Environment


class Progress:
    """Nothing on screen; the base for a terminal's live display. ``stdout`` is where records
    go while it is shown."""

    def __init__(self, stdout: TextIO) -> None:
        self.stdout = stdout

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        """Take the display down, however the batch ended."""

    def update(self, tally: Tally) -> None:
        return None


class LiveProgress(Progress):
    """rich's progress bar on stderr: questions done, verified so far, rate and ETA."""

    def __init__(self, total: int | None, env: Environment) -> None:
        super().__init__(env.stdout)
        self._env = env
        self._total = total
        self._progress = RichProgress(
            SpinnerColumn(),
            TextColumn("questions"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("[green]{task.fields[verified]} verified"),
            _RateColumn(),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            TimeRemainingColumn(),
            # soft_wrap: never wrap a record
            console=Console(soft_wrap=True, **env.console_options(stderr=True)),
            # Records go through ``self.stdout`` (see __enter__), not a patched sys.stdout.
            redirect_stdout=False,
            transient=True,
        )
        self._task = self._progress.add_task("batch", total=total, verified=0)

    def __enter__(self) -> LiveProgress:
        self._progress.start()
        # Records printed while the bar is live must land above it, but only when stdout is
        # this same terminal; otherwise they would go to stderr with the bar. rich's own
        # redirect_stdout does the same by replacing sys.stdout.
        if self._env.stdout_isatty:
            self.stdout = FileProxy(self._progress.console, self._env.stdout)  # type: ignore[assignment]
        return self

    def close(self) -> None:
        self.stdout.flush()
        self.stdout = self._env.stdout
        self._progress.stop()

    def update(self, tally: Tally) -> None:
        # A skipped line is no work: shrink the total rather than count it as done.
        total = None if self._total is None else self._total - tally.skipped
        self._progress.update(
            self._task, completed=tally.processed, total=total, verified=tally.verified
        )


def progress_for(total: int | None, quiet: bool, env: Environment) -> Progress:
    if quiet or not env.stderr_isatty:
        return Progress(env.stdout)
    return LiveProgress(total, env)


def summary_line(
    tally: Tally, elapsed: float, *, interrupted: bool = False, not_processed: int | None = None
) -> str:
    """e.g. ``verify-ask: 50 questions: 31 verified, 17 abstained, 2 errors in 83.2 s``."""
    errors = f"{tally.errors} error{'s' if tally.errors != 1 else ''}"
    causes = [
        f"{count} {cause}"
        for count, cause in (
            (tally.model_errors, "from the model"),
            (tally.internal_errors, "internal"),
        )
        if count
    ]
    if causes:
        errors += f" ({', '.join(causes)})"
    head = "interrupted after " if interrupted else ""
    noun = "question" if tally.processed == 1 else "questions"
    line = (
        f"verify-ask: {head}{tally.processed} {noun}: {tally.verified} verified, "
        f"{tally.abstained} abstained, {errors} in {elapsed:.1f} s"
    )
    if tally.skipped:
        line += f"; {tally.skipped} skipped as already done"
    if interrupted:
        rest = "the rest of the input" if not_processed is None else f"{not_processed}"
        line += f"; {rest} not processed"
    return line


def print_summary(line: str, quiet: bool, stderr: TextIO) -> None:
    if not quiet:
        print(line, file=stderr, flush=True)


class _RateColumn(ProgressColumn):
    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text(f"{speed:.2f} q/s" if speed else "-.-- q/s", style="cyan")
