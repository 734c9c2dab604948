"""``--jobs``: several lines of a batch in flight at once against a serving engine.

Every test talks to a real server on 127.0.0.1 started here (``tests/http_servers.py``):
``FixedLatencyServer`` answers each request after a fixed delay whatever the load, as an
engine with free slots would. The batch contracts of ``tests/test_batch.py`` and
``tests/test_reliability.py`` run again with ``--jobs 8``: order and count, resume, Ctrl-C, a
closed stdout, a server that stays down. That the lines really overlap is read from what the
server saw (requests in flight at once); the speed target itself (``--jobs 8`` ÷ ``--jobs 1``
≤ 0.2) is measured by ``scripts/bench_http.py``, not asserted here.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from http_servers import FixedLatencyServer, ScriptedServer, free_port
from named_cases import named

from verify_ask.cli.batch import parallelism
from verify_ask.cli.main import main
from verify_ask.errors import ExitStatus, UsageError
from verify_ask.model.backends.base import SampleRequest
from verify_ask.model.backends.http import HttpBackend

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "origotech.txt"
VERIFY_ASK = [sys.executable, "-m", "verify_ask"]
QUESTIONS = [
    "When was OrigoTech founded?",
    "How many people does OrigoTech employ?",
    "What was OrigoTech's revenue in 2023?",
    "What share of sales came from exports?",
]


@pytest.fixture(autouse=True)
def no_ambient_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("VERIFY_ASK_BASE_URL", "VERIFY_ASK_API_KEY", "OPENAI_API_KEY", "VERIFY_ASK_MODEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv("VERIFY_ASK_ABSTAIN_OK", raising=False)


def _batch(tmp_path: Path, count: int, first: str | None = None) -> Path:
    """``count`` lines with ids q0, q1, ...; ``first`` replaces the first question."""
    questions = [QUESTIONS[i % len(QUESTIONS)] for i in range(count)]
    if first is not None:
        questions[0] = first
    path = tmp_path / "q.jsonl"
    path.write_text(
        "".join(json.dumps({"id": f"q{i}", "question": q}) + "\n" for i, q in enumerate(questions)),
        encoding="utf-8",
    )
    return path


def _args(batch: Path | str, url: str, *more: str) -> list[str]:
    return ["--batch", str(batch), "-s", str(EXAMPLE), "--base-url", url, "-n", "3", *more]


def _in_process(capsys: pytest.CaptureFixture[str], args: list[str]) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(args)
    captured = capsys.readouterr()
    return int(status), captured.out, captured.err


def _sigint_default() -> None:
    # Background jobs of a shell without job control start with SIGINT ignored; a terminal
    # gives the default disposition, which is what a user's Ctrl-C meets.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _spawn(args: list[str], **options: Any) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [*VERIFY_ASK, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        preexec_fn=_sigint_default,
        # Unbuffered: readline() must not take records past the first that communicate()
        # would then never see (with --jobs several arrive at once).
        bufsize=0,
        **options,
    )


# --- how many lines and requests are in flight ---------------------------------------------------

URL = "http://127.0.0.1:8080/v1"
PARALLELISM = [
    ("http-batch-default", None, None, "q.jsonl", URL, (8, 32)),
    ("http-batch-given", 3, None, "q.jsonl", URL, (3, 12)),
    ("http-batch-max-requests", 8, 5, "q.jsonl", URL, (8, 5)),
    ("http-one-question", None, None, None, URL, (1, 4)),
    ("local-batch-default", None, None, "q.jsonl", None, (1, None)),
    ("local-batch-jobs-1", 1, None, "q.jsonl", None, (1, None)),
    ("jobs-without-batch", 2, None, None, URL, "--jobs goes with --batch FILE"),
    ("local-jobs-above-1", 2, None, "q.jsonl", None, "--jobs above 1 needs --base-url"),
    ("jobs-zero", 0, None, "q.jsonl", URL, "--jobs must be between 1 and 256, not 0"),
    ("max-requests-local", None, 4, "q.jsonl", None, "--max-requests goes with --base-url"),
]


@pytest.mark.parametrize(
    ("jobs", "max_requests", "batch", "base_url", "expected"),
    named(PARALLELISM),
)
def test_parallelism(
    jobs: int | None,
    max_requests: int | None,
    batch: str | None,
    base_url: str | None,
    expected: tuple[int, int | None] | str,
) -> None:
    def given() -> tuple[int, int | None]:
        return parallelism(jobs, max_requests, batch=batch, base_url=base_url, concurrency=4)

    if isinstance(expected, str):
        with pytest.raises(UsageError, match=expected):
            given()
    else:
        assert given() == expected


def test_local_model_refuses_jobs_before_reading_anything(capsys, tmp_path: Path) -> None:
    status, out, err = _in_process(capsys, ["--batch", str(tmp_path / "none.jsonl"), "-j", "4"])
    assert status == ExitStatus.USAGE and out == ""
    assert err == (
        "verify-ask: error: --jobs above 1 needs --base-url: the local model answers one line "
        "at a time\n"
    )


@pytest.mark.parametrize("value", ["0", "1025"])
def test_max_requests_out_of_range_is_a_usage_error(capsys, tmp_path: Path, value: str) -> None:
    args = _args(_batch(tmp_path, 1), URL, "--max-requests", value)
    status, out, err = _in_process(capsys, args)
    assert (status, out) == (ExitStatus.USAGE, "")
    assert f"--max-requests must be between 1 and 1024, not {value}" in err


# --- order and count ---------------------------------------------------------------------------


def test_jobs_8_writes_the_records_of_jobs_1_in_input_order(capsys, tmp_path: Path) -> None:
    """Good lines among bad and blank ones: byte-identical output, whatever finished first."""
    lines = []
    for index in range(30):
        if index % 7 == 3:
            lines.append('{"id": "cut", "question": "When was')  # an error record, at once
        elif index % 11 == 5:
            lines.append("")  # no record, but it keeps its number
        else:
            lines.append(json.dumps({"id": f"q{index}", "question": QUESTIONS[index % 4]}))
    batch = tmp_path / "q.jsonl"
    batch.write_text("\n".join(lines) + "\n", encoding="utf-8")
    runs = {}
    for jobs in ("1", "8"):
        # With --jobs 8 the server holds the requests until 8 are in flight together.
        with FixedLatencyServer(delay_s=0.05, hold_until=8 if jobs == "8" else None) as server:
            args = _args(batch, server.url, "--jobs", jobs, "--no-timings")
            status, out, err = _in_process(capsys, args)
            runs[jobs] = (status, out.replace(server.url, "URL"), err, server.max_in_flight)
    (serial, out, err, _), (parallel, out8, err8, in_flight) = runs["1"], runs["8"]
    records = [json.loads(line) for line in out8.splitlines()]
    assert len(records) == sum(1 for line in lines if line)
    assert [r["line"] for r in records] == [i + 1 for i, line in enumerate(lines) if line]
    assert out8 == out
    assert parallel == serial == ExitStatus.INPUT
    assert err8.rsplit(" in ", 1)[0] == err.rsplit(" in ", 1)[0]  # the summary, but the time
    assert in_flight >= 8  # the greedy answer and the samples of at least 4 lines at once


def test_jobs_8_has_lines_in_flight_together_where_jobs_1_has_one(capsys, tmp_path) -> None:
    """That the lines overlap, as the server saw it; how much faster that is, is
    scripts/bench_http.py's to measure."""
    batch = _batch(tmp_path, 16)
    in_flight = {}
    for jobs, held in (("1", None), ("8", 8)):
        with FixedLatencyServer(delay_s=0.05, hold_until=held) as server:
            status, out, _ = _in_process(capsys, _args(batch, server.url, "--jobs", jobs))
            in_flight[jobs] = server.max_in_flight
        assert len(out.splitlines()) == 16 and status == _status_of(out)
    # One line asks its greedy answer and its samples at once: two requests at most.
    assert in_flight["1"] <= 2 < 8 <= in_flight["8"], in_flight


def test_a_slow_line_does_not_hold_up_the_lines_after_it(capsys, tmp_path: Path) -> None:
    batch = _batch(tmp_path, 12, first="When did OrigoTech open the factory in Monterrey?")
    # The first line's requests are answered only once the other eleven lines have been asked
    # (two requests each): if they waited for it, it would wait for ever (the guard, 120 s).
    others = 2 * 11
    slow = FixedLatencyServer(delay_s=0.05, slow_marker="Monterrey", slow_until=others)
    with slow as server:
        status, out, _ = _in_process(capsys, _args(batch, server.url, "--jobs", "4"))
    assert server.others_while_slow is not None and server.others_while_slow >= others
    assert [json.loads(line)["id"] for line in out.splitlines()] == [f"q{i}" for i in range(12)]
    assert status == _status_of(out)


# --- requests in flight ------------------------------------------------------------------------


def test_max_requests_bounds_the_requests_of_all_lines_together(capsys, tmp_path) -> None:
    """A server that ignores n: each sample is a request, --concurrency 4 of them per line."""
    batch = _batch(tmp_path, 12)
    with FixedLatencyServer(delay_s=0.1, honour_n=False) as server:
        args = _args(batch, server.url, "-n", "6", "--jobs", "8", "--max-requests", "6")
        status, out, _ = _in_process(capsys, args)
        assert server.max_in_flight == 6
    assert len(out.splitlines()) == 12 and status == _status_of(out)
    with FixedLatencyServer(delay_s=0.1, honour_n=False) as server:
        _in_process(capsys, _args(batch, server.url, "-n", "6", "--jobs", "3"))
        assert 6 < server.max_in_flight <= 3 * 4  # the default: --jobs × --concurrency


def test_a_request_waiting_to_retry_leaves_its_place_to_other_lines() -> None:
    """One request in flight at most: the server answers the first line 429 (retry after 1 s)
    until the second line's request has come, which it can only while the first waits."""
    answered: dict[str, str] = {}
    limited = ScriptedServer(mode="rate_limited", retry_after="1", limited_until="second")
    with limited as server:
        backend = HttpBackend(server.url, model="m", concurrency=1, max_requests=1, retries=20)

        def ask(name: str) -> None:
            completion = backend.complete(f"Question: {name}?", [SampleRequest(0.0, 0)])
            answered[name] = completion[0].text

        with backend.shared():
            first = threading.Thread(target=ask, args=("first",))
            first.start()
            assert server.wait_until(lambda: len(server.completions) == 1)
            second = threading.Thread(target=ask, args=("second",))
            second.start()
            second.join(120)
            first.join(120)
    asked = [s.body["prompt"].removeprefix("Question: ") for s in server.completions]
    assert answered == {"first": "14 March 2009", "second": "14 March 2009"}
    assert asked[0] == asked[-1] == "first?" and asked.count("second?") == 1, asked


def test_lines_in_flight_when_a_strict_server_refuses_llama_cpp_fields_all_ask_again(
    capsys, tmp_path: Path
) -> None:
    """The requests already made with top_k when the first refusal comes are asked again
    without it, not failed, and the server's n is still used."""
    batch = _batch(tmp_path, 16)
    with ScriptedServer(mode="strict") as server:
        status, out, _ = _in_process(capsys, _args(batch, server.url, "--jobs", "8"))
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in records if r["status"] == "error"] == []
    assert {r["model"]["path"] for r in records} == {"n"}
    assert status == _status_of(out)


# --- resume ----------------------------------------------------------------------------------


def test_resume_with_jobs_8_answers_only_what_is_not_done(capsys, tmp_path: Path) -> None:
    batch = _batch(tmp_path, 12)
    out = tmp_path / "out.jsonl"
    done = [f"q{i}" for i in range(12) if i % 3 == 0]  # verified or abstained before
    out.write_text(
        "".join(json.dumps({"id": id_, "status": "verified"}) + "\n" for id_ in done)
        + '{"id": "q1", "status": "error", "error": "out of memory"}\n',  # tried again
        encoding="utf-8",
    )
    with FixedLatencyServer(delay_s=0.05) as server:
        args = _args(batch, server.url, "--jobs", "8", "--resume", str(out))
        status, written, err = _in_process(capsys, args)
    ids = [json.loads(line)["id"] for line in written.splitlines()]
    assert ids == [f"q{i}" for i in range(12) if i % 3 != 0]
    assert err.strip().endswith("; 4 skipped as already done")
    assert status == ExitStatus.ABSTAINED  # the server's one answer fits only some questions


# --- Ctrl-C --------------------------------------------------------------------------------------


def test_ctrl_c_with_jobs_8_keeps_whole_records_and_says_what_is_left(tmp_path: Path) -> None:
    batch = _batch(tmp_path, 40)
    with FixedLatencyServer(delay_s=0.3) as server:
        process = _spawn(_args(batch, server.url, "--jobs", "8"))
        assert process.stdout is not None
        first = process.stdout.readline()  # one record is out: the batch is mid-way
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=60)
    records = [json.loads(line) for line in (first + rest).decode().splitlines()]
    assert process.returncode == ExitStatus.INTERRUPTED
    assert 1 <= len(records) < 40
    assert [r["id"] for r in records] == [f"q{i}" for i in range(len(records))]
    errors = [r.get("error") for r in records if r["status"] not in ("verified", "abstained")]
    assert errors == [], err.decode()[-3000:]
    lines = err.decode().strip().splitlines()
    assert lines[-1] == "verify-ask: interrupted"
    assert lines[-2].startswith(f"verify-ask: interrupted after {len(records)} question")
    assert lines[-2].endswith(f"; {40 - len(records)} not processed")
    assert "Traceback" not in err.decode()


def test_ctrl_c_while_every_line_waits_on_the_server_ends_at_once(tmp_path: Path) -> None:
    """The requests in flight are taken back, not waited for: the server holds each for 10
    minutes, and the process has ended while it still holds them all."""
    batch = _batch(tmp_path, 20)
    with FixedLatencyServer(delay_s=600) as server:
        process = _spawn(_args(batch, server.url, "--jobs", "8"))
        assert server.wait_until(lambda: len(server.completions) >= 16)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=300)  # a guard against a hang
        held = server.in_flight
    assert held >= 16  # not one of them answered
    assert process.returncode == ExitStatus.INTERRUPTED
    assert out == b""
    lines = err.decode().strip().splitlines()
    assert lines[-2].startswith("verify-ask: interrupted after 0 questions")
    assert lines[-2].endswith("; 20 not processed")
    assert lines[-1] == "verify-ask: interrupted" and "Traceback" not in err.decode()


def test_ctrl_c_while_a_streamed_batch_waits_for_input(tmp_path: Path) -> None:
    """As tests/test_reliability.py's ctrl-c-batch: the reader thread waits on stdin."""
    with FixedLatencyServer(delay_s=0.05) as server:
        args = _args("-", server.url, "--jobs", "8")
        process = _spawn(args, stdin=subprocess.PIPE)
        assert process.stdin is not None and process.stdout is not None
        process.stdin.write(json.dumps({"id": "before", "question": QUESTIONS[0]}).encode())
        process.stdin.write(b"\n")
        process.stdin.flush()
        first = process.stdout.readline()  # answered while the producer still holds stdin
        process.send_signal(signal.SIGINT)
        rest, err = process.communicate(timeout=30)
    records = [json.loads(line) for line in (first + rest).decode().splitlines()]
    assert [(r["id"], r["status"]) for r in records] == [("before", "verified")]
    lines = err.decode().splitlines()
    assert process.returncode == ExitStatus.INTERRUPTED
    assert lines[-2].startswith("verify-ask: interrupted after 1 question: ")
    assert lines[-2].endswith("; the rest of the input not processed")
    assert lines[-1] == "verify-ask: interrupted" and "Traceback" not in err.decode()


# --- a closed stdout -----------------------------------------------------------------------------


def test_closed_stdout_with_jobs_8_ends_quietly_without_the_other_lines(tmp_path: Path) -> None:
    """As ``| head -1``: the reader takes one record and goes away."""
    batch = _batch(tmp_path, 40)
    with FixedLatencyServer(delay_s=0.3) as server:
        process = _spawn(_args(batch, server.url, "-j", "8"))
        assert process.stdout is not None
        first = process.stdout.readline()
        process.stdout.close()
        _, err = process.communicate(timeout=60)
        asked = len(server.completions)
    assert json.loads(first)["id"] == "q0"
    assert process.returncode == 0
    assert err == b""  # no traceback, no "Exception ignored", no summary: it stopped there
    assert asked < 2 * 40  # the lines after the closed pipe were never asked


def test_closed_stdout_while_a_streamed_batch_waits_for_input(tmp_path: Path) -> None:
    """The producer still holds stdin open when the reader of stdout is gone."""
    line = json.dumps({"id": "q", "question": QUESTIONS[0]})
    with FixedLatencyServer(delay_s=0.05) as server:
        reader, writer = os.pipe()
        os.close(reader)
        try:
            process = subprocess.Popen(
                [*VERIFY_ASK, *_args("-", server.url, "--jobs", "8")],
                stdin=subprocess.PIPE,
                stdout=writer,
                stderr=subprocess.PIPE,
            )
        finally:
            os.close(writer)
        assert process.stdin is not None and process.stderr is not None
        process.stdin.write((line + "\n").encode())
        process.stdin.flush()
        status = process.wait(timeout=60)  # stdin is still open: the run ends on its own
        _, err = process.communicate(timeout=10)
    assert (status, err) == (0, b"")


# --- a server that stays down --------------------------------------------------------------------


@pytest.mark.parametrize("down", ["closed-port", "503"])
def test_a_server_that_stays_down_gives_one_error_per_line_and_one_summary(
    capsys, tmp_path: Path, down: str
) -> None:
    """As with --jobs 1: each line's record holds the one error and the batch exits 3; stderr
    holds the summary alone, not a copy of the error from each thread."""
    batch = _batch(tmp_path, 12)
    if down == "503":
        with ScriptedServer(mode="down") as server:
            status, out, err = _in_process(capsys, _args(batch, server.url, "--retries", "1"))
        message = f"the server at {server.url}/completions answered HTTP 503: loading model"
    else:
        url = f"http://127.0.0.1:{free_port()}/v1"
        status, out, err = _in_process(capsys, _args(batch, url, "--retries", "1"))
        message = f"cannot reach the server at {url}/completions: "
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["id"] for r in records] == [f"q{i}" for i in range(12)]
    assert all(r["status"] == "error" and r["exit_status"] == ExitStatus.MODEL for r in records)
    assert {
        r["error"].startswith(message) and r["error"].endswith("(2 attempts)") for r in records
    } == {True}
    assert status == ExitStatus.MODEL
    assert err.startswith(
        "verify-ask: 12 questions: 0 verified, 0 abstained, 12 errors (12 from the model) in "
    )
    assert len(err.splitlines()) == 1


def _status_of(out: str) -> int:
    """The batch's exit status its records call for: 1 when a line abstained, else 0."""
    statuses = {json.loads(line)["status"] for line in out.splitlines()}
    assert "error" not in statuses
    return 1 if "abstained" in statuses else 0
