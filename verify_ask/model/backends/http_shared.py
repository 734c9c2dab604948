"""What the questions answered together share: a session (one client, one limit on requests
in flight), and one event loop in a thread of its own for the threads of a batch's lines.

``HttpBackend.complete`` is synchronous (the backend protocol), and an ``httpx.AsyncClient``
belongs to the loop it was opened on. With one loop here, the threads of ``--jobs`` share one
client (one connection pool) and one limit on requests in flight, instead of each opening
its own. ``stop`` is how an interrupted batch takes back every request still out.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import threading
from collections.abc import Coroutine
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from verify_ask.errors import ModelError

if TYPE_CHECKING:
    import httpx

T = TypeVar("T")


@dataclass(frozen=True)
class Session:
    """The client (its connection pool), the limit on requests in flight, and the lock that
    lets one question ask the server for the model's name while the others wait."""

    client: httpx.AsyncClient
    limit: asyncio.Semaphore
    discovery: asyncio.Lock


def open_session(
    timeout_s: float, connect_s: float, connections: int, keepalive: int | None, requests: int
) -> Session:
    """A session whose client keeps up to ``connections`` open (``keepalive`` of them idle;
    None: httpx's default) and lets ``requests`` be in flight at once."""
    import httpx

    timeout = httpx.Timeout(timeout_s, connect=connect_s)
    limits = httpx.Limits(max_connections=connections)
    if keepalive is not None:
        limits = httpx.Limits(max_connections=connections, max_keepalive_connections=keepalive)
    client = httpx.AsyncClient(timeout=timeout, limits=limits)
    return Session(client, asyncio.Semaphore(requests), asyncio.Lock())


class Stopped(ModelError):
    """The shared requests were stopped (the batch was interrupted or its output closed)."""


class LoopThread:
    """Runs coroutines on one loop from any thread; ``stop`` cancels those still running."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        # A daemon: a thread left behind by a bug must not keep the process alive at exit.
        self._thread = threading.Thread(
            target=self.loop.run_forever, name="verify-ask-http", daemon=True
        )
        self._thread.start()
        self._lock = threading.Lock()
        self._running: set[concurrent.futures.Future[Any]] = set()
        self._stopped = False

    def run(self, coro: Coroutine[Any, Any, T]) -> T:
        """Run ``coro`` on the loop and wait for it; ``Stopped`` once ``stop`` was called."""
        with self._lock:
            if self._stopped:
                coro.close()
                raise Stopped("the requests were stopped")
            future = asyncio.run_coroutine_threadsafe(coro, self.loop)
            self._running.add(future)
        try:
            return future.result()
        except concurrent.futures.CancelledError:
            raise Stopped("the requests were stopped") from None
        finally:
            with self._lock:
                self._running.discard(future)

    def stop(self) -> None:
        """Cancel every coroutine still running; later ``run`` calls fail at once."""
        with self._lock:
            self._stopped = True
            running = list(self._running)
        for future in running:
            future.cancel()  # its task is cancelled on the loop; the waiting thread wakes now

    def close(self, last: Coroutine[Any, Any, None] | None = None) -> None:
        """Stop, let cancelled tasks unwind, run ``last`` (closing a client), end the thread."""
        self.stop()
        try:
            asyncio.run_coroutine_threadsafe(_settle(last), self.loop).result()
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join()
            self.loop.close()


async def _settle(last: Coroutine[Any, Any, None] | None) -> None:
    current = asyncio.current_task()
    tasks = [task for task in asyncio.all_tasks() if task is not current]
    await asyncio.gather(*tasks, return_exceptions=True)
    if last is not None:
        await last
