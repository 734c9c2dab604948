"""The HTTP backend: samples from a serving engine through its OpenAI-compatible completions API.

Plain ``/v1/completions`` with the few-shot prompt, never chat: the default model is a base
model without a chat template. The N samples of a question go out as one request with ``n``;
servers differ on ``n`` (recent llama-server and vLLM honour it; old llama-server builds
answer 400, llama-server with fewer slots than N errors; Ollama and llama-cpp-python's server
return one choice silently), so the choices are counted and whatever is missing is asked for
as separate requests with seeds seed + i, concurrently up to ``concurrency``. The backend
remembers which way worked, so a batch asks with ``n`` once, not once per question.

Requests in flight are bounded by ``max_requests`` for the whole backend. A batch answering
several lines at once (``--jobs``) calls ``complete`` from several threads inside ``shared()``:
all of them then go through one client, one connection pool and that one limit.

Reproducibility: separate requests carry their own seeds, like the local backend. Through
``n`` only the first sample's seed is sent; how the server seeds the other copies is its own
business, so those samples repeat only as far as that server's seed handling allows.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from verify_ask.errors import ModelError, UsageError
from verify_ask.model.backends.base import Completion, SampleRequest
from verify_ask.model.backends.http_client import Endpoint, RequestRejected, get_json, post_json
from verify_ask.model.backends.http_shared import LoopThread, Session, open_session
from verify_ask.model.backends.retry import Backoff

# The local backend's sampling settings, so both backends sample the same distribution.
TOP_K = 40
TOP_P = 0.95
MIN_P = 0.05
DEFAULT_TIMEOUT_S = 120.0
DEFAULT_RETRIES = 3
DEFAULT_CONCURRENCY = 4
_CONNECT_TIMEOUT_S = 10.0
_ROUTE = "/completions"
# Status codes with which servers refuse a parameter they do not support (422: FastAPI).
_REFUSED = (400, 422)
_EXTRAS = ("top_k", "min_p", "cache_prompt")

T = TypeVar("T")


class HttpBackend:
    name = "http"

    def __init__(
        self,
        base_url: str,
        model: str | None = None,
        api_key: str | None = None,
        timeout: float = DEFAULT_TIMEOUT_S,
        retries: int = DEFAULT_RETRIES,
        concurrency: int = DEFAULT_CONCURRENCY,
        backoff_s: float = 0.5,
        max_requests: int | None = None,
    ) -> None:
        if not timeout > 0:
            raise UsageError(f"--timeout must be more than 0 seconds, not {timeout}")
        if not 0 <= retries <= 20:
            raise UsageError(f"--retries must be between 0 and 20, not {retries}")
        if not 1 <= concurrency <= 256:
            raise UsageError(f"--concurrency must be between 1 and 256, not {concurrency}")
        if max_requests is not None and not 1 <= max_requests <= 1024:
            raise UsageError(f"--max-requests must be between 1 and 1024, not {max_requests}")
        self.endpoint = Endpoint.parse(base_url, api_key)
        self.model = model or None
        self.timeout = float(timeout)
        self.concurrency = concurrency
        self.max_requests = concurrency if max_requests is None else max_requests
        """Requests in flight at once, over all the questions being answered."""
        self.backoff = Backoff(retries=retries, base_s=backoff_s)
        self.path: str | None = None
        """"n" once the server gave all samples of a request, "fallback" once it did not."""
        self._model_checked = self.model is not None
        self._extras = True  # top_k and cache_prompt, until a strict server refuses them
        self._shared: _Shared | None = None

    def complete(self, prompt: str, requests: Sequence[SampleRequest]) -> list[Completion]:
        if not requests:
            return []
        shared = self._shared
        if shared is not None:
            return shared.thread.run(self._complete(shared.session, prompt, list(requests)))
        return _run_sync(self._complete_alone(prompt, list(requests)))

    @contextlib.contextmanager
    def shared(self) -> Iterator[Callable[[], None]]:
        """While open, ``complete`` may be called from many threads at once: their requests
        share one client (one connection pool) and ``max_requests``. Yields ``stop``, which
        cancels every request in flight and fails later calls at once (an interrupted batch).
        """
        thread = LoopThread()
        try:
            session = thread.run(self._open_session(self.max_requests, self.max_requests))
        except BaseException:
            thread.close()
            raise
        self._shared = _Shared(thread, session)
        try:
            yield thread.stop
        finally:
            self._shared = None
            thread.close(session.client.aclose())

    def describe(self) -> dict[str, object]:
        # Never the key: the record is written to files and logs.
        return {
            "backend": self.name,
            "base_url": self.endpoint.shown,
            "model": self.model,
            "path": self.path,
        }

    async def _open_session(self, connections: int, keepalive: int | None = None) -> Session:
        connect = min(self.timeout, _CONNECT_TIMEOUT_S)
        return open_session(self.timeout, connect, connections, keepalive, self.max_requests)

    async def _complete_alone(self, prompt: str, requests: list[SampleRequest]) -> list[Completion]:
        """One question on a client of its own (one question, or a batch with --jobs 1)."""
        session = await self._open_session(self.concurrency)
        async with session.client:
            return await self._complete(session, prompt, requests)

    async def _complete(
        self, session: Session, prompt: str, requests: list[SampleRequest]
    ) -> list[Completion]:
        async with session.discovery:  # questions in flight together wait for the one asking
            if not self._model_checked:
                await self._discover_model(session)
        run = _Run(session, asyncio.Semaphore(self.concurrency), prompt, requests)
        # The greedy answer and the samples differ in temperature: one group each.
        groups: dict[tuple[float, int, tuple[str, ...]], list[int]] = {}
        for index, request in enumerate(requests):
            key = (request.temperature, request.max_tokens, request.stop)
            groups.setdefault(key, []).append(index)
        await _all_or_cancel([self._fill(run, indices) for indices in groups.values()])
        return [completion for completion in run.results if completion is not None]

    async def _fill(self, run: _Run, indices: list[int]) -> None:
        rest = indices
        if len(indices) > 1 and self.path != "fallback":
            got = await self._with_n(run, indices)
            for index, completion in zip(indices, got, strict=False):  # got may be short
                run.results[index] = completion
            rest = indices[len(got) :]
            self.path = "fallback" if rest else "n"
        await _all_or_cancel([self._single(run, index) for index in rest])

    async def _with_n(self, run: _Run, indices: list[int]) -> list[Completion]:
        """As many of the samples as the server gives for one request with ``n``."""
        payload = self._payload(run.prompt, run.requests[indices[0]], n=len(indices))
        try:
            body = await self._post(run, payload)
        except RequestRejected as error:
            if error.status in _REFUSED:
                return []  # "Only one completion choice is allowed", or too few slots
            raise
        return _choices(body, self.endpoint.shown)[: len(indices)]

    async def _single(self, run: _Run, index: int) -> None:
        body = await self._post(run, self._payload(run.prompt, run.requests[index]))
        run.results[index] = _choices(body, self.endpoint.shown)[0]

    async def _post(self, run: _Run, payload: dict[str, Any]) -> dict[str, Any]:
        async with run.slots:
            # Once a request has failed for good, the ones still waiting for a slot must not
            # go out: the question fails anyway, and a struggling server gets no more load.
            if run.failed:
                raise asyncio.CancelledError
            try:
                return await self._post_with_extras(run, payload)
            except RequestRejected as error:
                if not ("n" in payload and error.status in _REFUSED):  # _with_n handles those
                    run.failed = True
                raise
            except BaseException:
                run.failed = True
                raise

    async def _post_with_extras(self, run: _Run, payload: dict[str, Any]) -> dict[str, Any]:
        try:
            return await self._post_json(run, payload)
        except RequestRejected as error:
            # The payload's own fields, not self._extras: with questions in flight together,
            # another may have learnt of the refusal after this payload was made.
            carried = any(name in payload for name in _EXTRAS)
            if not (carried and error.status in _REFUSED and _names_extras(error)):
                raise
            # A strict server (api.openai.com) refuses llama.cpp's knobs: ask without them.
            self._extras = False
            for name in _EXTRAS:
                payload.pop(name, None)
            return await self._post_json(run, payload)

    async def _post_json(self, run: _Run, payload: dict[str, Any]) -> dict[str, Any]:
        client, limit = run.session.client, run.session.limit
        return await post_json(
            client, self.endpoint, _ROUTE, payload, self.backoff, self.timeout, limit
        )

    def _payload(self, prompt: str, request: SampleRequest, n: int = 1) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "prompt": prompt,
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
            "top_p": TOP_P,
            "seed": request.seed,
            "stop": list(request.stop),
        }
        if self.model:
            payload["model"] = self.model
        if n > 1:
            payload["n"] = n
        if self._extras:
            # cache_prompt: llama-server keeps the evaluated prompt between the requests of
            # one question; other servers ignore the unknown field.
            payload.update(top_k=TOP_K, min_p=MIN_P, cache_prompt=True)
        return payload

    async def _discover_model(self, session: Session) -> None:
        """Without --model, use the one model the server lists (Ollama and vLLM need a name)."""
        self._model_checked = True
        async with session.limit:
            body = await get_json(session.client, self.endpoint, "/models")
        data = body.get("data") if body else None
        listed = [m.get("id") for m in data or [] if isinstance(m, dict)]
        names = [name for name in listed if isinstance(name, str)]
        if len(names) == 1:
            self.model = names[0]
        elif len(names) > 1:
            shown = ", ".join(names[:5]) + (", …" if len(names) > 5 else "")
            raise UsageError(
                f"the server at {self.endpoint.shown} serves several models ({shown}); "
                "choose one with --model"
            )


@dataclass(frozen=True)
class _Shared:
    thread: LoopThread
    session: Session


class _Run:
    """The state of one ``complete`` call: its session, its slots, and results by request."""

    def __init__(
        self,
        session: Session,
        slots: asyncio.Semaphore,
        prompt: str,
        requests: list[SampleRequest],
    ) -> None:
        self.session = session
        self.slots = slots
        self.prompt = prompt
        self.requests = requests
        self.results: list[Completion | None] = [None] * len(requests)
        self.failed = False


def _choices(body: dict[str, Any], shown: str) -> list[Completion]:
    """The completions of one response in choice order; usage is split evenly among them."""
    choices = body.get("choices")
    if not isinstance(choices, list) or not choices:
        raise ModelError(f"the server at {shown}{_ROUTE} answered without completion choices")
    if not all(isinstance(c, dict) and isinstance(c.get("text"), str) for c in choices):
        raise ModelError(f"the server at {shown}{_ROUTE} answered choices without text")
    ordered = sorted(
        enumerate(choices),
        key=lambda pair: (
            pair[1]["index"] if isinstance(pair[1].get("index"), int) else pair[0],
            pair[0],
        ),
    )
    usage = body.get("usage")
    total = usage.get("completion_tokens") if isinstance(usage, dict) else None
    total = total if isinstance(total, int) and total >= 0 else 0
    # Servers report one total for all choices; split it so the sum stays right.
    share, extra = divmod(total, len(ordered))
    return [
        Completion(choice["text"], share + (1 if position < extra else 0))
        for position, (_, choice) in enumerate(ordered)
    ]


def _names_extras(error: RequestRejected) -> bool:
    detail = error.detail.lower()
    return any(name in detail for name in _EXTRAS)


async def _all_or_cancel(coros: Sequence[Awaitable[None]]) -> None:
    """Await all; on the first failure cancel the rest (a client must not close under them)."""
    tasks = [asyncio.ensure_future(coro) for coro in coros]
    if not tasks:
        return
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_EXCEPTION)
    finally:
        for task in tasks:
            if not task.done():
                task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for task in tasks:
        if not task.cancelled() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]


def _run_sync(coro: Awaitable[T]) -> T:
    """Run the async requests from the protocol's sync ``complete``, even inside a running loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)  # type: ignore[arg-type]
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()  # type: ignore[arg-type]
