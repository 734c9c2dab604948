"""Up to ``jobs`` lines answered at once by a pool of threads, results still in input order.

A line's time is its round trips to a serving engine, which answers many requests at once;
the Python work of a line is small next to them, so threads suffice. A reader thread reads
and parses lines ahead of the answers, at most ``jobs * AHEAD_PER_JOB`` lines past the oldest
one not yet handed out: a line waiting out its retries does not stop the others from being
asked, and a file of a million lines is not read into memory. The caller's thread hands the
results out in input order, each as soon as every line before it has been handed out.

The backend's ``shared()`` (``HttpBackend``) makes the threads' requests share one client and
one limit on requests in flight; on the way out, its ``stop`` takes back the requests still
out, so Ctrl-C or a closed stdout ends the run without waiting for them.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING

from verify_ask.batch.jobs import BadLine, Job
from verify_ask.errors import UsageError
from verify_ask.model.backends.base import Backend

if TYPE_CHECKING:
    from verify_ask.batch.result import Result

    Work = Job | BadLine | Result
    """A line to answer, or its result already (a line an earlier run finished)."""

AHEAD_PER_JOB = 32
"""Lines read ahead of the oldest unanswered one, per job: room for the others to go on
while one line waits out its retries."""


@dataclass(frozen=True)
class _End:
    error: BaseException | None = None
    """Why reading the input stopped early (it goes to the caller's thread), or None."""


def answer_in_pool(
    work: Iterable[Work],
    answer: Callable[[Job | BadLine], Result],
    backend: Backend,
    jobs: int,
) -> Iterator[Result]:
    """``answer`` every line of ``work`` (results pass through), ``jobs`` lines at a time."""
    share = getattr(backend, "shared", None)
    if share is None:
        # The local backends hold one model context: calls from several threads would collide.
        raise UsageError(f"backend {backend.name} answers one line at a time; use --jobs 1")
    with share() as stop_requests:
        yield from _in_order(work, answer, jobs, stop_requests)


def _in_order(
    work: Iterable[Work],
    answer: Callable[[Job | BadLine], Result],
    jobs: int,
    stop_requests: Callable[[], None],
) -> Iterator[Result]:
    pool = ThreadPoolExecutor(max_workers=jobs, thread_name_prefix="verify-ask-line")
    room = threading.Semaphore(jobs * AHEAD_PER_JOB)
    order: queue.SimpleQueue[Future[Result] | _End] = queue.SimpleQueue()
    closing = threading.Event()
    # A daemon: reading standard input blocks until the producer writes or closes it, and
    # must not keep a finished or interrupted run from exiting.
    reader = threading.Thread(
        target=_read,
        args=(work, answer, pool, room, order, closing),
        name="verify-ask-reader",
        daemon=True,
    )
    reader.start()
    try:
        while True:
            entry = order.get()
            if isinstance(entry, _End):
                if entry.error is not None:
                    raise entry.error
                return
            result = entry.result()
            room.release()
            yield result
    finally:
        closing.set()
        room.release(jobs * AHEAD_PER_JOB)  # wakes a reader waiting for room, to see closing
        pool.shutdown(wait=False, cancel_futures=True)
        stop_requests()  # the lines being answered fail at once instead of waiting
        pool.shutdown(wait=True)


def _read(
    work: Iterable[Work],
    answer: Callable[[Job | BadLine], Result],
    pool: ThreadPoolExecutor,
    room: threading.Semaphore,
    order: queue.SimpleQueue[Future[Result] | _End],
    closing: threading.Event,
) -> None:
    try:
        for item in work:
            room.acquire()
            if closing.is_set():
                return
            order.put(_submitted(item, answer, pool))
    except BaseException as error:  # handed to the caller's thread, which raises it there
        if not closing.is_set():
            order.put(_End(error))
        return
    order.put(_End())


def _submitted(
    item: Work, answer: Callable[[Job | BadLine], Result], pool: ThreadPoolExecutor
) -> Future[Result]:
    if isinstance(item, (Job, BadLine)):
        return pool.submit(answer, item)
    done: Future[Result] = Future()
    done.set_result(item)
    return done
