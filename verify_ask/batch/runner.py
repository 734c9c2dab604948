"""Answer jobs in input order with one backend, one record per job; a bad line never stops it.

One line at a time here; several at once (``--jobs``) through ``pool``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from verify_ask.batch.jobs import BadLine, Id, Job, parse_line
from verify_ask.batch.result import Result
from verify_ask.batch.resume import id_key
from verify_ask.batch.sources import SourceCache
from verify_ask.errors import ExitStatus, VerifyAskError, describe_bug
from verify_ask.model.backends.base import Backend
from verify_ask.pipeline import ask
from verify_ask.record import error_record, outcome_record
from verify_ask.settings import Settings
from verify_ask.text.source import Source


class Answerer:
    """Turns a job into its record. Only the backend protocol is used, so a backend that
    reuses the evaluated source across prompts speeds batches up without changes here."""

    def __init__(
        self,
        backend: Backend,
        settings: Settings,
        *,
        sources: SourceCache | None = None,
        include_timings: bool = True,
    ) -> None:
        self.backend = backend
        self.settings = settings
        self.sources = sources or SourceCache()
        self.include_timings = include_timings
        self._model: dict[str, object] | None = None

    def answer(self, item: Job | BadLine) -> Result:
        if isinstance(item, BadLine):
            return _error(item.line, item.id, item.question, item.error, ExitStatus.INPUT)
        try:
            return self._answered(item)
        except VerifyAskError as error:
            return _error(item.line, item.id, item.question, str(error), error.exit_status)
        except Exception as error:  # a bug on one line must not cost the others their records
            message = f"internal error: {describe_bug(error)}"
            return _error(item.line, item.id, item.question, message, ExitStatus.INTERNAL)

    def prepare(self) -> None:
        """Load what answering loads on first use, before several threads answer at once:
        the checker registry fills itself without a lock, so a thread that came while another
        was filling it would find no checkers and judge its line without them."""
        from verify_ask.checkers import registry

        registry.available()

    def _answered(self, job: Job) -> Result:
        outcome = ask(job.question, self._source(job), self.backend, self.settings)
        if self._model is None:
            self._model = self.backend.describe()  # hashes the model file: once per batch
        record = outcome_record(
            outcome,
            self.settings,
            self._model,
            source_label=_label(job),
            include_timings=self.include_timings,
        )
        status = ExitStatus.VERIFIED if outcome.status == "verified" else ExitStatus.ABSTAINED
        return Result(job.line, job.id, outcome.status, status, _placed(job.line, job.id, record))

    def _source(self, job: Job) -> Source:
        if job.source_text is not None:
            return self.sources.by_text(job.source_text)
        assert job.source is not None  # parse_line gives every job a path or a text
        return self.sources.by_path(job.source)


def run(
    lines: Iterable[tuple[int, bytes]],
    answerer: Answerer,
    *,
    default_source: str | None = None,
    source_root: Path | None = None,
    done: frozenset[str] = frozenset(),
    jobs: int = 1,
) -> Iterator[Result]:
    """One result per non-blank line, in input order; lines whose id is in ``done`` (keys from
    ``resume.id_key``) come back as ``skipped`` without being answered. A line whose own
    ``source`` is outside ``source_root`` (resolved; None: anywhere) gets an error record.
    With ``jobs`` above 1, that many lines are answered at once (the backend must offer
    ``shared()``); close the iterator to stop early."""
    work = _work(lines, default_source, source_root, done)
    if jobs > 1:
        from verify_ask.batch.pool import answer_in_pool

        answerer.prepare()
        yield from answer_in_pool(work, answerer.answer, answerer.backend, jobs)
        return
    for item in work:
        yield item if isinstance(item, Result) else answerer.answer(item)


def _work(
    lines: Iterable[tuple[int, bytes]],
    default_source: str | None,
    source_root: Path | None,
    done: frozenset[str],
) -> Iterator[Job | BadLine | Result]:
    """Each non-blank line as a job or bad line, or as its result when ``done`` has it."""
    for number, raw in lines:
        item = parse_line(raw, number, default_source, source_root)
        if item is None:
            continue
        if done and id_key(item.id) in done:
            yield Result(item.line, item.id, "skipped", ExitStatus.VERIFIED, None)
        else:
            yield item


def _error(line: int, id_: Id, question: str | None, message: str, status: ExitStatus) -> Result:
    record = error_record(question, message, int(status))
    return Result(line, id_, "error", status, _placed(line, id_, record))


def _placed(line: int, id_: Id, record: dict[str, Any]) -> dict[str, Any]:
    # id and line first: they are what a reader of a JSONL file looks for.
    return {"id": id_, "line": line, **record}


def _label(job: Job) -> str | None:
    if job.source_text is not None:
        return None
    return "<stdin>" if job.source == "-" else job.source
