"""The HTTP backend against real servers on 127.0.0.1: a scripted one for every failure a
serving engine shows, and llama-cpp-python's server on the default model end to end.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterator

import pytest
from http_servers import LlamaCppServer, ScriptedServer, free_port

from verify_ask.cli.main import main
from verify_ask.errors import ModelError
from verify_ask.model.backends import create
from verify_ask.model.backends.base import SampleRequest
from verify_ask.model.backends.http import HttpBackend

QUESTION = "When was OrigoTech founded?"
KEY = "sk-test-DO-NOT-PRINT-7f3a9c"
GREEDY = SampleRequest(0.0, 0)


@pytest.fixture(autouse=True)
def no_ambient_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("VERIFY_ASK_BASE_URL", "VERIFY_ASK_API_KEY", "OPENAI_API_KEY"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    """A server honouring n; tests switch ``mode`` and other knobs before the first request."""
    with ScriptedServer() as running:
        yield running


def sampled(count: int, seed: int = 0) -> list[SampleRequest]:
    return [SampleRequest(0.7, seed + i) for i in range(count)]


def ask_cli(
    capsys: pytest.CaptureFixture[str], url: str, *extra: str, source: str = ""
) -> tuple[int, str, str]:
    status = main([QUESTION, "--source", source, "--base-url", url, *extra])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


# --- how N samples travel ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "posts", "path", "single_seeds"),
    [
        ("n", 2, "n", []),
        ("reject_n", 6, "fallback", [0, 1, 2, 3]),
        ("ignore_n", 5, "fallback", [1, 2, 3]),
    ],
    ids=["server-honours-n", "server-rejects-n", "server-ignores-n"],
)
def test_samples_travel_with_n_or_fall_back_to_seeded_requests(
    capsys, example_path, mode, posts, path, single_seeds
) -> None:
    with ScriptedServer(mode=mode) as server:
        status, out, err = ask_cli(
            capsys, server.url, "--samples", "4", "--json", source=str(example_path)
        )
    record = json.loads(out)
    assert (status, record["status"], err) == (0, "verified", "")
    assert record["answer"]["display"] == "14 March 2009"
    assert record["model"] == {
        "backend": "http",
        "base_url": server.url,
        "model": "served-model",
        "path": path,
    }
    bodies = [seen.body for seen in server.completions]
    assert len(bodies) == posts
    greedy = [b for b in bodies if b["temperature"] == 0.0]
    assert len(greedy) == 1 and "n" not in greedy[0]
    with_n = [b for b in bodies if "n" in b]
    assert [b["n"] for b in with_n] == [4] and with_n[0]["seed"] == 0
    singles = [b["seed"] for b in bodies if b["temperature"] > 0 and "n" not in b]
    assert sorted(singles) == single_seeds
    for body in bodies:
        assert body["model"] == "served-model"
        assert body["stop"] == ["\n"] and body["top_k"] == 40 and body["cache_prompt"] is True
        assert body["min_p"] == 0.05
    assert [s["seed"] for s in record["samples"]] == [0, 1, 2, 3]
    assert sum(s["tokens"] for s in record["samples"]) == 16


def test_backend_remembers_that_n_failed_and_stops_asking(server: ScriptedServer) -> None:
    server.mode = "reject_n"
    backend = HttpBackend(server.url)
    first = backend.complete("Q: x\nA:", [GREEDY, *sampled(3)])
    assert len(first) == 4 and backend.path == "fallback"
    before = len(server.completions)
    second = backend.complete("Q: y\nA:", [GREEDY, *sampled(3)])
    later = server.completions[before:]
    assert [c.text for c in second] == ["14 March 2009"] * 4
    assert len(later) == 4 and all("n" not in seen.body for seen in later)


def test_choices_come_back_in_request_order_whatever_order_the_server_sends() -> None:
    from verify_ask.model.backends.http import _choices

    body = {
        "choices": [{"index": i, "text": t} for i, t in [(1, "b"), (0, "a"), (2, "c")]],
        "usage": {"completion_tokens": 7},
    }
    completions = _choices(body, "http://x/v1")
    assert [c.text for c in completions] == ["a", "b", "c"]
    assert [c.tokens for c in completions] == [3, 2, 2]


def test_strict_server_gets_requests_without_llama_cpp_fields(server: ScriptedServer) -> None:
    server.mode = "strict"
    backend = HttpBackend(server.url, model="gpt-x")
    assert [c.text for c in backend.complete("Q:", [GREEDY])] == ["14 March 2009"]
    backend.complete("Q:", [GREEDY])
    bodies = [seen.body for seen in server.completions]
    assert len(bodies) == 3  # refused once, then without the fields, and so on after
    assert "top_k" in bodies[0]
    extras = {"top_k", "min_p", "cache_prompt"}
    assert all(not extras & set(b) for b in bodies[1:])


def test_complete_works_from_inside_a_running_event_loop(server: ScriptedServer) -> None:
    backend = HttpBackend(server.url, concurrency=2)

    async def caller() -> list[str]:
        return [c.text for c in backend.complete("Q:", [GREEDY, *sampled(2)])]

    assert asyncio.run(caller()) == ["14 March 2009"] * 3


def test_fallback_keeps_at_most_concurrency_requests_in_flight(
    server: ScriptedServer,
) -> None:
    server.mode, server.delay_s = "slow", 0.3
    backend = HttpBackend(server.url, concurrency=2, model="m")
    backend.path = "fallback"
    assert len(backend.complete("Q:", sampled(6))) == 6
    assert len(server.completions) == 6
    assert server.max_in_flight == 2


# --- retries, timeouts, broken answers -----------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "retries", "posts", "message"),
    [
        ("flaky", 3, 3, None),
        ("flaky", 1, 2, "answered HTTP 500: internal error (2 attempts)"),
        ("down", 2, 3, "answered HTTP 503: loading model (3 attempts)"),
        ("garbage", 3, 1, "did not answer with JSON"),
        ("slow", 3, 1, "did not answer within 0.3 s"),
    ],
    ids=["500-twice-then-ok", "500-past-retries", "stays-down", "malformed-json", "too-slow"],
)
def test_retries_only_what_a_retry_can_fix(server, mode, retries, posts, message) -> None:
    server.mode = mode
    backend = HttpBackend(server.url, model="m", retries=retries, timeout=0.3, backoff_s=0.01)
    if message is None:
        assert backend.complete("Q:", [GREEDY])[0].text == "14 March 2009"
    else:
        with pytest.raises(ModelError, match=re.escape(message)) as raised:
            backend.complete("Q:", [GREEDY])
        assert server.url in str(raised.value)
    assert len(server.completions) == posts


def test_429_waits_as_long_as_retry_after_says(
    server: ScriptedServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    server.mode, server.retry_after = "rate_limited", "1"
    backend = HttpBackend(server.url, model="m", backoff_s=0.01)
    waits: list[float] = []
    chosen = backend.backoff.delay

    def recorded(attempt: int, retry_after: float | None = None) -> float:
        waits.append(chosen(attempt, retry_after))
        return waits[-1]

    # The wait the backend chose, not the seconds it took: a loaded machine adds to those.
    monkeypatch.setattr(backend.backoff, "delay", recorded)
    assert backend.complete("Q:", [GREEDY])[0].text == "14 March 2009"
    assert len(server.completions) == 2
    assert waits == [1.0]  # the header's second, not the 0.01 s backoff


def test_429_asking_for_an_hour_fails_at_once(server: ScriptedServer) -> None:
    server.mode, server.retry_after = "rate_limited", "3600"
    backend = HttpBackend(server.url, model="m")
    with pytest.raises(ModelError, match="HTTP 429.*retry after 3600 s"):
        backend.complete("Q:", [GREEDY])
    assert len(server.completions) == 1


def test_other_4xx_is_not_retried(server: ScriptedServer) -> None:
    server.api_key = "the-right-key"
    backend = HttpBackend(server.url, model="m", api_key="a-wrong-key", retries=3)
    with pytest.raises(ModelError, match="HTTP 401") as raised:
        backend.complete("Q:", [GREEDY])
    assert "a-wrong-key" not in str(raised.value)  # the server echoed it; the message must not
    assert len(server.completions) == 1


@pytest.mark.parametrize(
    ("mode", "posts", "words"),
    [
        ("down", 2, "HTTP 503"),
        ("garbage", 1, "did not answer with JSON"),
        ("slow", 1, "did not answer within 0.5 s"),
        (None, 0, "cannot reach the server"),
    ],
    ids=["stays-down", "malformed-json", "too-slow", "closed-port"],
)
def test_cli_reports_a_failing_server_in_one_line_with_exit_3(
    capsys, example_path, mode, posts, words
) -> None:
    options = ["--retries", "1", "--timeout", "0.5", "--concurrency", "1", "--api-key", KEY]
    if mode is None:
        url = f"http://127.0.0.1:{free_port()}/v1"
        status, out, err = ask_cli(capsys, url, *options, "--model", "m", source=str(example_path))
        seen = 0
    else:
        with ScriptedServer(mode=mode, delay_s=1.5) as server:
            url = server.url
            status, out, err = ask_cli(capsys, url, *options, source=str(example_path))
            seen = len(server.completions)
    assert (status, out, seen) == (3, "", posts)
    assert err.count("\n") == 1 and err.startswith("verify-ask: error: ")
    assert url in err and words in err
    assert KEY not in err


# --- the key stays secret ------------------------------------------------------------------


def test_api_key_from_the_environment_is_sent_and_never_shown(
    capsys, monkeypatch, example_path, server: ScriptedServer
) -> None:
    server.api_key = KEY
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    status, out, err = ask_cli(
        capsys, server.url, "--samples", "2", "--json", source=str(example_path)
    )
    assert status == 0
    assert {seen.authorization for seen in server.completions} == {f"Bearer {KEY}"}
    assert KEY not in out and KEY not in err
    assert KEY not in repr(HttpBackend(server.url, api_key=KEY).describe())


def test_credentials_in_the_url_are_never_shown(capsys, example_path) -> None:
    with ScriptedServer(mode="down") as server:
        url = server.url.replace("http://", "http://user:hunter2-pass@") + "?key=query-secret"
        status, out, err = ask_cli(
            capsys, url, "--retries", "0", "--concurrency", "1", source=str(example_path)
        )
        assert server.completions[0].authorization.startswith("Basic ")
    assert status == 3 and server.url in err
    assert "hunter2" not in err and "query-secret" not in err
    described = repr(HttpBackend(url).describe())
    assert "hunter2" not in described and "query-secret" not in described


# --- usage ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["--base-url", "ftp://127.0.0.1/v1"],
        ["--base-url", "http://127.0.0.1:9/v1", "--concurrency", "0"],
        ["--base-url", "http://127.0.0.1:9/v1", "--timeout", "0"],
        ["--base-url", "http://127.0.0.1:9/v1", "--retries", "-1"],
    ],
    ids=["not-http", "no-concurrency", "no-timeout", "negative-retries"],
)
def test_bad_http_options_are_usage_errors(capsys, example_path, args) -> None:
    assert main([QUESTION, "--source", str(example_path), *args]) == 2
    assert capsys.readouterr().err.startswith("verify-ask: error: ")


def test_a_server_with_several_models_needs_model(capsys, example_path) -> None:
    with ScriptedServer(models=("llama3", "gemma3")) as server:
        status, out, err = ask_cli(capsys, server.url, source=str(example_path))
        assert server.completions == []
    assert status == 2 and "llama3, gemma3" in err and "--model" in err


def test_registered_by_name(server: ScriptedServer) -> None:
    backend = create("http", base_url=server.url.removesuffix("/v1"), model="m")
    assert backend.describe()["base_url"] == server.url
    assert backend.complete("Q:", [GREEDY])[0].text == "14 March 2009"


# --- llama-cpp-python's server on the default model ----------------------------------------


@pytest.fixture(scope="session")
def llama_server() -> Iterator[LlamaCppServer]:
    from verify_ask.model.backends.model_file import default_model

    with LlamaCppServer(default_model(), api_key=KEY) as running:
        yield running


@pytest.mark.model
@pytest.mark.parametrize(
    ("question", "status", "answer"),
    [
        ("When was OrigoTech founded?", "verified", "14 March 2009"),
        ("How many patents does OrigoTech hold?", "abstained", None),
    ],
    ids=["founded", "patents"],
)
def test_llama_cpp_server_gives_the_local_verdicts(
    capsys, monkeypatch, example_path, llama_server, question, status, answer
) -> None:
    common = [question, "--source", str(example_path), "--samples", "4", "--json"]
    local_code = main(common)
    local = json.loads(capsys.readouterr().out)
    monkeypatch.setenv("VERIFY_ASK_API_KEY", KEY)
    remote_code = main([*common, "--base-url", llama_server.url])
    captured = capsys.readouterr()
    remote = json.loads(captured.out)
    assert (
        (remote_code, remote["status"])
        == (local_code, local["status"])
        == (
            0 if status == "verified" else 1,
            status,
        )
    )
    assert (remote["answer"] or {}).get("display") == answer
    # llama_cpp.server ignores n: the samples came as separate seeded requests.
    assert remote["model"]["path"] == "fallback"
    assert [s["seed"] for s in remote["samples"]] == [0, 1, 2, 3]
    assert KEY not in captured.out and KEY not in captured.err


# --- backoff arithmetic --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("header", "seconds"),
    [
        (None, None),
        ("2", 2.0),
        (" 0.5 ", 0.5),
        ("-3", 0.0),
        ("Wed, 21 Oct 2015 07:28:10 GMT", 10.0),
        ("Wed, 21 Oct 2015 07:27:00 GMT", 0.0),
        ("soon", None),
    ],
    ids=["absent", "seconds", "fraction", "negative", "http-date", "date-past", "garbage"],
)
def test_retry_after_is_read_as_seconds_or_an_http_date(header, seconds) -> None:
    from datetime import datetime, timezone

    from verify_ask.model.backends.retry import parse_retry_after

    now = datetime(2015, 10, 21, 7, 28, 0, tzinfo=timezone.utc)
    assert parse_retry_after(header, now=now) == seconds


def test_backoff_grows_exponentially_with_jitter_under_a_cap() -> None:
    import random

    from verify_ask.model.backends.retry import Backoff

    backoff = Backoff(base_s=0.5, cap_s=4.0, rng=random.Random(1))
    for attempt, ceiling in enumerate([0.5, 1.0, 2.0, 4.0, 4.0]):
        delays = {backoff.delay(attempt) for _ in range(20)}
        assert all(ceiling / 2 <= d <= ceiling for d in delays) and len(delays) > 1
    assert backoff.delay(0, retry_after=7.0) == 7.0
